/**
 * Sorting and paging of table rows in the browser (issue 13 item 5): a header click sorts by
 * that column (ascending, then descending), and lists longer than a page show a page at a time.
 */
export type SortDirection = 'ascending' | 'descending';
export type SortState<K extends string> = { key: K; direction: SortDirection } | null;
export type SortValue = string | number | null | undefined;
export type SortAccessors<T, K extends string> = Record<K, (row: T) => SortValue>;

export const PAGE_SIZE = 50;

/** Orders two column values: numbers by value, text by locale, empty values last either way. */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : String(a).localeCompare(String(b), 'en-US', { numeric: true, sensitivity: 'base' });
  return direction === 'ascending' ? order : -order;
}

/** The rows in the order the sort asks for (a stable copy; the input is not changed). */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  accessors: SortAccessors<T, K>,
  sort: SortState<K>,
): T[] {
  if (!sort) return [...rows];
  const read = accessors[sort.key];
  return rows
    .map((row, index) => ({ row, index, value: read(row) }))
    .sort((x, y) => compareSortValues(x.value, y.value, sort.direction) || x.index - y.index)
    .map((entry) => entry.row);
}

/** The sort after a click on `key`'s header: a new column sorts ascending, the same one flips. */
export function nextSort<K extends string>(sort: SortState<K>, key: K): SortState<K> {
  if (sort?.key !== key) return { key, direction: 'ascending' };
  return { key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' };
}

/** One page of rows (page counted from 0, clamped to the pages that exist). */
export function pageOf<T>(rows: readonly T[], page: number, pageSize = PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  const start = current * pageSize;
  return { rows: rows.slice(start, start + pageSize), page: current, pageCount, start, total: rows.length };
}
