/** Query keys of the system endpoints (style: see entities/README.md). */
export const systemKeys = {
  status: () => ['/api/system', 'status'] as const,
  /** The browser's own latency probe of /api/health (its data is the round trip, not the body alone). */
  latency: () => ['/api/health', { probe: 'latency' }] as const,
};
