import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import type { Row } from '../model';
import { csvHeader, csvRecord } from './csv';

// The reports' CSV must stay byte-identical to what csv-stringify (default options) wrote.
describe('csvRecord', () => {
  const awkward = [
    '',
    'plain',
    'a,b',
    'say "hi"',
    '"',
    '""',
    'line\nbreak',
    'cr\rhere',
    'crlf\r\n',
    ' spaces ',
    '=1+2',
    '-5',
    "it's",
    'ünïcödé €',
    '\t tab',
    ',',
    '\n',
    0,
    -1.5,
    12345678901234,
    true,
    false,
    null,
  ] as const;

  it('writes every awkward value as csv-stringify does', () => {
    const columns = awkward.map((_, i) => `c${i}`);
    const row: Row = Object.fromEntries(awkward.map((v, i) => [`c${i}`, v]));
    const reference = stringify([columns.map((c) => row[c])]);
    expect(csvRecord(columns, row)).toBe(reference);
    for (const [i, value] of awkward.entries()) expect(csvRecord(['x'], { x: value })).toBe(stringify([[awkward[i]]]));
    expect(csvRecord(['x', 'y'], { x: 'a' })).toBe(stringify([['a', undefined]]));
  });

  it('writes the header as csv-stringify does', () => {
    const columns = ['txId', 'trade,id', 'say "x"'];
    expect(csvHeader(columns)).toBe(stringify([columns]));
  });

  it('ends every record with LF, never CRLF (decision 0010), quoting a CR or LF inside a field', () => {
    const file =
      csvHeader(['id', 'note']) + csvRecord(['id', 'note'], { id: 1, note: 'a\r\nb' }) + csvRecord(['id'], { id: 2 });
    expect(file).toBe('id,note\n1,"a\r\nb"\n2\n');
  });

  it('differs when a value changes (the comparison can fail)', () => {
    expect(csvRecord(['x'], { x: 'a"b' })).not.toBe(stringify([['a"c']]));
  });
});
