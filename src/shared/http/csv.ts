import type { Response } from 'express';
import { ApiResponse } from '@nestjs/swagger';

export type CsvValue = string | number | boolean | null;

/** One column of an export: its header and how a presented row fills it. */
export interface CsvColumn<Row> {
  readonly header: string;
  readonly value: (row: Row) => CsvValue;
  /**
   * Free text someone typed (a button label, a URL): a cell starting with `=`, `+`, `-`, `@`, a tab
   * or a carriage return gets a leading `'`, so a spreadsheet shows it instead of running it as a
   * formula. Ids, amounts and addresses never start with those and are left exactly as they are.
   */
  readonly freeText?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted when it holds a comma, a quote, CR or LF, with quotes doubled. */
export function csvField(value: CsvValue, freeText = false): string {
  if (value === null) return '';
  let text = String(value);
  if (freeText && FORMULA_START.test(text)) text = `'${text}`;
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

/**
 * Streams an export as `text/csv`: a header row, then each batch as it comes, waiting for the
 * client to take each write before asking for more (the batches come from a database cursor, so
 * memory holds about one batch). The first batch is read before anything is sent, so a failure
 * there (the database away) is still an ordinary error response. A failure after that can no
 * longer change the status: the connection is cut, so the client sees a broken transfer rather
 * than a file that looks complete, and the error goes on to be logged. A client that goes away
 * stops the export and frees the cursor.
 */
export async function sendCsv<Row>(
  res: Response,
  filename: string,
  columns: readonly CsvColumn<Row>[],
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
      if (!res.write(chunk)) await drained(res);
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

/** Resolves once the response can take more, or has closed (then nothing more is written). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
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
