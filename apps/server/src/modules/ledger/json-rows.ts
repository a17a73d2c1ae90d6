/**
 * Rows for set-based SQL: a whole batch travels as ONE JSON parameter and is expanded
 * server-side with `jsonb_to_recordset`, so the statement text stays constant (prepared
 * once) and its size does not grow with the batch. Bigints travel as strings, which
 * PostgreSQL reads back into bigint columns exactly.
 */
export function jsonRows(rows: readonly object[]): string {
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

// PGlite answers `{ rows }`, postgres-js an array of rows.
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) ?? [];
}
