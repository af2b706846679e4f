import { csvField, csvHeader, csvRow, startsFormula } from './csv';

describe('CSV encoding (RFC 4180)', () => {
  it('leaves plain fields alone and writes null as an empty field', () => {
    expect(csvField('abc-123')).toBe('abc-123');
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField(42)).toBe('42');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('"')).toBe('""""');
  });

  it('defuses a formula only in free text', () => {
    expect(csvField('=SUM(A1:A2)', true)).toBe("'=SUM(A1:A2)");
    expect(csvField('+1', true)).toBe("'+1");
    expect(csvField('-1', true)).toBe("'-1");
    expect(csvField('@cmd', true)).toBe("'@cmd");
    expect(csvField('=a,b', true)).toBe(`"'=a,b"`);
    expect(csvField('-1')).toBe('-1');
    expect(csvField('Pay now', true)).toBe('Pay now');
  });

  it.each([
    ['=', '=1+1'],
    ['+', '+1'],
    ['-', '-1'],
    ['@', '@SUM(A1)'],
    ['|', "|calc'!A1"],
    ['a tab', '\t=1'],
    ['a carriage return', '\r=1'],
    ['a line feed', '\n=1'],
    ['a leading space', ' =1+1'],
    ['spaces and a line feed', '  \n=1'],
    ['a no-break space', '\u00A0=1'],
    ['fullwidth ＝', '＝1+1'],
    ['fullwidth ＋', '＋1'],
    ['fullwidth －', '－1'],
    ['fullwidth ＠', '＠SUM(A1)'],
  ])('defuses free text whose first non-blank character is %s', (_form, text) => {
    expect(startsFormula(text)).toBe(true);
    const field = csvField(text, true);
    // The cell, unquoted, starts with the apostrophe that makes it text.
    expect(field.replace(/^"/, '').startsWith(`'${text.slice(0, 1)}`)).toBe(true);
  });

  it.each(['Pay now', 'a=b', 'x-1', ' Pay', '1+1', 'a|b', ''])('leaves %j alone', (text) => {
    expect(startsFormula(text)).toBe(false);
    expect(csvField(text, true)).toBe(text);
  });

  it('ends every record with CRLF and fills columns in order', () => {
    const columns = [
      { header: 'id', value: (row: { id: string; note: string | null }) => row.id },
      { header: 'note, free', value: (row: { id: string; note: string | null }) => row.note, freeText: true },
    ];
    expect(csvHeader(columns)).toBe('id,"note, free"\r\n');
    expect(csvRow(columns, { id: 'x', note: null })).toBe('x,\r\n');
    expect(csvRow(columns, { id: 'y', note: '=1+1' })).toBe("y,'=1+1\r\n");
  });
});
