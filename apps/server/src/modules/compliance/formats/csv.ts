import type { Cell, Row } from '../model';

// RFC 4180 records, byte for byte what csv-stringify 6 writes with its default options (which
// the reports used until decision 0063): fields joined by ',', each record ended by '\n'; a
// field is quoted when it holds '"', ',', '\n' or '\r', with '"' doubled inside; true is '1',
// false, null and undefined are empty, numbers as `String(n)`. csv-stringify allocated a
// context object and two arrays per field (bench:reports: the CSV report's largest cost and
// its peak memory); csv.test.ts checks this writer against the library on awkward values.

const NEEDS_QUOTES = /[",\n\r]/;

export function csvField(value: Cell | undefined): string {
  if (value === null || value === undefined || value === false) return '';
  const text = value === true ? '1' : typeof value === 'string' ? value : String(value);
  if (!NEEDS_QUOTES.test(text)) return text;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record (with its '\n'): the row's cells in `columns` order. */
export function csvRecord(columns: readonly string[], row: Row): string {
  let line = csvField(row[columns[0]!]);
  for (let i = 1; i < columns.length; i++) line += `,${csvField(row[columns[i]!])}`;
  return `${line}\n`;
}

/** The header record: the column names. */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.map((c) => csvField(c)).join(',')}\n`;
}
