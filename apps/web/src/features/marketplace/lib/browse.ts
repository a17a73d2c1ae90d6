/** The marketplace's type filter and sort keys (SPEC §2, Financial Marketplace). */
export const SECTOR_FILTERS = ['all', 'government', 'corporate', 'municipal'] as const;
export type SectorFilter = (typeof SECTOR_FILTERS)[number];

export const SORT_KEYS = ['name', 'price', 'yield', 'volume'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** The fields of a marketplace row that search, filter and sort read. */
export interface BrowsableRow {
  name: string;
  contractType: string;
  currency: string;
  issuerName: string | null;
  sector: string | null;
  price: string | null;
  yield: number | null;
  volume24h: string;
}

export interface BrowseOptions {
  search: string;
  sector: SectorFilter;
  sortBy: SortKey;
}

function matchesSearch(row: BrowsableRow, needle: string): boolean {
  if (!needle) return true;
  const haystack = [row.name, row.contractType, row.currency, row.issuerName ?? ''].join(' ').toLowerCase();
  return haystack.includes(needle);
}

/** Highest first; rows without a figure (no price, no yield) go last. */
function descendingNullsLast(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return b - a;
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** Name ascending; price, yield and volume highest first. */
function compareRows(sortBy: SortKey, a: BrowsableRow, b: BrowsableRow): number {
  switch (sortBy) {
    case 'name':
      return a.name.localeCompare(b.name);
    case 'price':
      return descendingNullsLast(numberOrNull(a.price), numberOrNull(b.price));
    case 'volume':
      return Number(b.volume24h) - Number(a.volume24h);
    case 'yield':
      return descendingNullsLast(a.yield, b.yield);
  }
}

/** Applies the marketplace's search box, type filter and sort; never mutates `rows`. */
export function browseInstruments<T extends BrowsableRow>(rows: readonly T[], options: BrowseOptions): T[] {
  const needle = options.search.trim().toLowerCase();
  return rows
    .filter((row) => options.sector === 'all' || row.sector === options.sector)
    .filter((row) => matchesSearch(row, needle))
    .sort((a, b) => compareRows(options.sortBy, a, b) || a.name.localeCompare(b.name));
}
