/** Query keys of /api/custody (style: the key spells the URL). */
export const custodyKeys = {
  assets: () => ['/api/custody', 'assets'] as const,
  settlements: () => ['/api/custody', 'settlements'] as const,
  approvals: () => ['/api/custody', 'approvals'] as const,
};
