import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows for set-based SQL: a whole batch travels as ONE JSON parameter and is expanded
 * server-side with `json_to_recordset`, so the statement text stays constant (prepared
 * once where it runs through `executePrepared`) and its size does not grow with the batch.
 * Bigints travel as decimal strings (`String(x)`, see `JsonRow`), which PostgreSQL reads back
 * into bigint columns exactly; converted by the caller, so `JSON.stringify` runs without a
 * replacer function, on V8's fast path (a replacer made it 3.0% of the order path's main thread).
 * Typed `json`, not `jsonb`: read once as it is expanded, without building the binary form
 * (about 1 us less per row here).
 */
export function jsonRows(rows: readonly JsonRow[]): string {
  return JSON.stringify(rows);
}

/** One row of `jsonRows`: JSON values and dates (written as ISO text); a bigint as `String(x)`. */
export type JsonRow = Readonly<Record<string, string | number | boolean | null | Date>>;

/**
 * `array[...]::uuid[]` of the given ids, from ONE JSON parameter. Added as `col = any(...)`
 * beside a join with `json_to_recordset` (which the planner always guesses at 100 rows),
 * it lets the planner reach the rows through the index instead of scanning the table.
 */
export function uuidArray(ids: Iterable<string>): SQL {
  return sql`array(select json_array_elements_text(${JSON.stringify([...new Set(ids)])}::json)::uuid)`;
}

// PGlite answers `{ rows }`, postgres-js an array of rows.
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) ?? [];
}
