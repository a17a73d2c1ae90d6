/** Query keys of /api/liquidity (style: the key spells the URL). */
export const liquidityKeys = {
  pools: () => ['/api/liquidity', 'pools'] as const,
};
