/** Query keys of /api/instruments (style: see entities/README.md — the key spells the URL). */
export const instrumentKeys = {
  /** GET /api/instruments, and the prefix of every key below it (books and candles included). */
  list: () => ['/api/instruments'] as const,
  mine: () => ['/api/instruments', 'my'] as const,
  detail: (id: string) => ['/api/instruments', id] as const,
  /** GET /api/instruments/:id/events: payment events, scheduled vs paid. */
  events: (id: string) => ['/api/instruments', id, 'events'] as const,
};
