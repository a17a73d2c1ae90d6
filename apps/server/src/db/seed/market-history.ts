import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../client';
import { TREASURY_TENOR_MONTHS } from '../schema';

// Seeds the shipped real histories (market-data/README.md) on every install, demo or not:
// they are public figures, not demo data. Each file goes in with ONE statement: the checked
// CSV body is sent as a single text parameter and split by the database, so a fresh install
// (and every test template) pays for ~16,000 rows once, in well under a second.

const DATA_DIR = new URL('./market-data/', import.meta.url);
export const FX_FILE = 'fx_ecb_eur_reference_rates_daily_1999_2026.csv';
export const TREASURY_FILE = 'ust_par_yield_curve_daily_1990_2025.csv';

const FX_HEADER = ['Date', 'USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'HKD', 'SGD'];
const FX_COLUMNS = FX_HEADER.slice(1).map((c) => c.toLowerCase());
const TREASURY_HEADER = [
  'Date',
  ...Object.values(TREASURY_TENOR_MONTHS).map((m) => (m < 12 ? `${m} Mo` : `${m / 12} Yr`)),
];
const TREASURY_COLUMNS = Object.keys(TREASURY_TENOR_MONTHS);

export interface WideCsv {
  header: string[];
  rows: string[][];
}

/** Parses the simple published CSVs (no quoting); an empty cell means "not published that day". */
export function parseWideCsv(text: string): WideCsv {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const [head, ...body] = lines;
  if (!head) throw new Error('market data file is empty');
  return { header: head.split(',').map((c) => c.trim()), rows: body.map((line) => line.split(',')) };
}

/** Refuses a file whose layout or values are not what the columns expect (nothing is written). */
export function checkWideCsv(csv: WideCsv, header: readonly string[]): void {
  if (csv.header.join(',') !== header.join(',')) throw new Error(`market data: unexpected header ${csv.header}`);
  for (const row of csv.rows) {
    if (row.length !== header.length || !/^\d{4}-\d{2}-\d{2}$/.test(row[0]!))
      throw new Error(`market data: bad row '${row.join(',')}'`);
    for (const value of row.slice(1))
      if (value !== '' && !/^\d+(\.\d+)?$/.test(value))
        throw new Error(`market data: bad value '${value}' on ${row[0]}`);
  }
}

/** The file's checked rows, or null when its last day is already stored (nothing to do). */
async function readNewCsv(file: string, header: readonly string[], storedLast: string | null | undefined) {
  const text = await readFile(new URL(file, DATA_DIR), 'utf8');
  const lastLine = text.trimEnd().slice(text.trimEnd().lastIndexOf('\n') + 1);
  if (storedLast && lastLine.startsWith(`${storedLast},`)) return null;
  const csv = parseWideCsv(text);
  checkWideCsv(csv, header);
  return csv;
}

/** insert … select f[1]::date, nullif(f[2],'')::numeric, … from the CSV body split by the database. */
async function bulkInsert(db: Db, table: string, key: string, columns: string[], csv: WideCsv): Promise<void> {
  const body = csv.rows.map((row) => row.join(',')).join('\n');
  const values = columns.map((_, i) => `nullif(f[${i + 2}], '')::numeric`).join(', ');
  await db.execute(
    sql
      .raw(
        `insert into ${table} (${key}, ${columns.join(', ')})
      select f[1]::date, ${values}
      from (select string_to_array(line, ',') as f from unnest(string_to_array(`,
      )
      .append(sql`${body}`)
      .append(sql.raw(`, E'\\n')) as line) rows on conflict do nothing`)),
  );
}

/** Loads both histories unless the latest day of each file is already stored (idempotent). */
export async function seedMarketHistory(db: Db): Promise<void> {
  const [state] = await selectRows<{ fx: string | null; ust: string | null }>(
    db,
    sql`select (select max(rate_date)::text from fx_reference_rates) as fx,
               (select max(curve_date)::text from treasury_par_yields) as ust`,
  );
  const fx = await readNewCsv(FX_FILE, FX_HEADER, state?.fx);
  if (fx) await bulkInsert(db, 'fx_reference_rates', 'rate_date', FX_COLUMNS, fx);
  const ust = await readNewCsv(TREASURY_FILE, TREASURY_HEADER, state?.ust);
  if (ust) await bulkInsert(db, 'treasury_par_yields', 'curve_date', TREASURY_COLUMNS, ust);
}
