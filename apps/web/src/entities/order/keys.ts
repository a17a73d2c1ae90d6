/** Query keys of /api/orders (style: see entities/README.md). */
export const orderKeys = {
  /** Every order list; the prefix of `mine`. */
  all: () => ['/api/orders'] as const,
  mine: () => ['/api/orders', 'my'] as const,
  /** The order history, page by page (keyset cursor). */
  history: (pageSize: number) => ['/api/orders', 'my', 'history', { pageSize }] as const,
  /** Every page size of the history; the prefix of `history`. */
  histories: () => ['/api/orders', 'my', 'history'] as const,
};
