import type { Response } from 'express';
import { ApiResponse } from '@nestjs/swagger';

export type CsvValue = string | number | boolean | null;

/** One column of an export: its header and how a presented row fills it. */
export interface CsvColumn<Row> {
  readonly header: string;
  readonly value: (row: Row) => CsvValue;
  /**
   * Free text someone typed (a button label, a URL): a cell that would start a formula gets a
   * leading `'` (see startsFormula), so a spreadsheet shows it instead of running it. Ids, amounts
   * and addresses never start with those and are left exactly as they are.
   */
  readonly freeText?: boolean;
}

/**
 * Whether a spreadsheet would read the cell as a formula, per the OWASP CSV injection guidance: its
 * first non-blank character (spaces, no-break and ideographic spaces skipped, as spreadsheets skip
 * them) is `=`, `+`, `-`, `@`, `|`, a tab, a carriage return or a line feed, or a fullwidth
 * `＝＋－＠`, which some spreadsheets fold to their ASCII forms.
 */
const FORMULA_START = /^[ \u00A0\u3000]*[=+\-@|\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

export function startsFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** One RFC 4180 field: quoted when it holds a comma, a quote, CR or LF, with quotes doubled. */
export function csvField(value: CsvValue, freeText = false): string {
  if (value === null) return '';
  let text = String(value);
  if (freeText && startsFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes it. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.join(',')}\r\n`;
}

export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvRecord(columns.map((column) => csvField(column.header)));
}

export function csvRow<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvRecord(columns.map((column) => csvField(column.value(row), column.freeText)));
}

/** Slack a reader always gets on top of what its floor rate allows, for a pause of the network. */
export const SLOW_READER_GRACE_MS = 2_000;

/**
 * Streams an export as `text/csv`: a header row, then each batch as it comes, waiting for the
 * client to take each write before asking for more (the batches come from a database cursor, so
 * memory holds about one batch). The first batch is read before anything is sent, so a failure
 * there (the database away) is still an ordinary error response. A failure after that can no
 * longer change the status: the connection is cut, so the client sees a broken transfer rather
 * than a file that looks complete, and the error goes on to be logged. A client that goes away
 * stops the export and frees the cursor.
 *
 * A reader slower than `minBytesPerSecond` is cut the same way: each write, once the socket's
 * buffers are full, must be taken within the time its bytes need at that rate (plus two seconds),
 * else the connection is closed without the chunked body's last chunk, which every HTTP client
 * reports as an incomplete transfer. An export otherwise holds its connection and snapshot for as
 * long as its slowest reader likes.
 */
export async function sendCsv<Row>(
  res: Response,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  minBytesPerSecond: number,
  batches: AsyncIterable<readonly Row[]>,
): Promise<void> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = await iterator.next();
  let gone = false;
  res.once('close', () => {
    gone = true;
  });
  res.status(200);
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${filename}"`);
  res.setHeader('cache-control', 'no-store');
  try {
    let chunk = csvHeader(columns);
    while (!next.done && !gone) {
      for (const row of next.value) chunk += csvRow(columns, row);
      if (!res.write(chunk)) {
        const allowedMs = SLOW_READER_GRACE_MS + (res.writableLength * 1000) / minBytesPerSecond;
        if ((await drained(res, allowedMs)) === 'too slow') {
          res.destroy();
          break;
        }
      }
      chunk = '';
      next = await iterator.next();
    }
    if (chunk !== '') res.write(chunk);
    res.end();
  } catch (error) {
    res.destroy();
    // On to the error filter, which logs it and, the headers being sent, answers nothing more.
    throw error;
  } finally {
    await iterator.return?.();
  }
}

/** Once the response can take more, or has closed (then nothing more is written), or `withinMs` passed. */
function drained(res: Response, withinMs: number): Promise<'drained' | 'too slow'> {
  return new Promise((resolve) => {
    const done = (outcome: 'drained' | 'too slow') => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onDrain);
      resolve(outcome);
    };
    const onDrain = () => done('drained');
    const timer = setTimeout(() => done('too slow'), withinMs);
    res.on('drain', onDrain);
    res.on('close', onDrain);
  });
}

/** OpenAPI for an export: 200 is `text/csv` (RFC 4180, header row as in the example). */
export function ApiCsvResponse<Row>(description: string, columns: readonly CsvColumn<Row>[]): MethodDecorator {
  return ApiResponse({
    status: 200,
    description,
    headers: {
      'Content-Disposition': { description: 'attachment; filename="…csv"', schema: { type: 'string' } },
    },
    content: { 'text/csv': { schema: { type: 'string' }, example: csvHeader(columns) } },
  });
}

/** Each item of each batch through `present`, batch by batch; stopping early stops `batches` too. */
export async function* presentBatches<Item, Row>(
  batches: AsyncIterable<readonly Item[]>,
  present: (item: Item) => Row,
): AsyncGenerator<Row[], void, undefined> {
  for await (const batch of batches) yield batch.map(present);
}
