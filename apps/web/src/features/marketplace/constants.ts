/** SPEC §7: the marketplace re-fetches the instrument list every 60 seconds. */
export const MARKETPLACE_REFRESH_MS = 60_000;

/** Labels of the type filter (SPEC §2): the issuer organisation's sector. */
export const SECTOR_LABELS = {
  all: 'All types',
  government: 'Government',
  corporate: 'Corporate',
  municipal: 'Municipal',
} as const;

export const SORT_LABELS = {
  name: 'Name',
  price: 'Price',
  yield: 'Yield',
  volume: 'Volume',
} as const;
