/** Query keys of /api/orders (style: see entities/README.md). */
export const orderKeys = {
  /** Every order list; the prefix of `mine`. */
  all: () => ['/api/orders'] as const,
  mine: () => ['/api/orders', 'my'] as const,
};
