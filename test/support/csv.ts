/** An RFC 4180 reader for the exports' tests: strict, so a malformed file fails the test. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"' && field === '') {
      // A quoted field: up to the closing quote, with "" standing for one quote.
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          field += text[i];
          i += 1;
        }
      }
      if (i < text.length && text[i] !== ',' && text.slice(i, i + 2) !== '\r\n')
        throw new Error(`junk after quote at ${i}`);
    } else if (char === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (text.slice(i, i + 2) === '\r\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      if (char === '"' || char === '\n' || char === '\r') throw new Error(`bare ${JSON.stringify(char)} at ${i}`);
      field += char;
      i += 1;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('last record is not CRLF-terminated');
  return records;
}

/** The records as objects keyed by the header row. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...records] = parseCsv(text);
  for (const record of records) {
    if (record.length !== header.length)
      throw new Error(`a record has ${record.length} fields, the header ${header.length}`);
  }
  return records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i]])));
}
