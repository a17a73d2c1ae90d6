/** Query keys of /api/trades (style: see entities/README.md). */
export const tradeKeys = {
  /** The public tape: the stream folds trades into it when a screen has it cached. */
  all: () => ['/api/trades'] as const,
  mine: () => ['/api/trades', 'my'] as const,
};
