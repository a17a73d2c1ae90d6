/** Query keys of /api/regulator (style: the key spells the URL). */
export const regulatorKeys = {
  marketOverview: () => ['/api/regulator', 'market-overview'] as const,
  institutions: () => ['/api/regulator', 'institutions'] as const,
};
