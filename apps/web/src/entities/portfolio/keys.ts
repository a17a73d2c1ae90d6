/** Query keys of /api/portfolio (style: see entities/README.md). */
export const portfolioKeys = {
  analytics: () => ['/api/portfolio', 'analytics'] as const,
};
