/** Query keys of /api/portfolio (style: see entities/README.md). */
export const portfolioKeys = {
  /** USD (the server's default) keeps the bare URL, so every screen shares one cache entry for it. */
  analytics: (currency?: string) =>
    currency && currency !== 'USD'
      ? (['/api/portfolio', 'analytics', { currency }] as const)
      : (['/api/portfolio', 'analytics'] as const),
};
