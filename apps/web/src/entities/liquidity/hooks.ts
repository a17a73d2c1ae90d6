import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adjustSpreads, getLiquidityPools } from './api';
import { liquidityKeys } from './keys';

/** SPEC §7: liquidity pools refresh every 10 seconds. */
const POOLS_REFRESH_MS = 10_000;

export function useLiquidityPools() {
  return useQuery({ queryKey: liquidityKeys.pools(), queryFn: getLiquidityPools, refetchInterval: POOLS_REFRESH_MS });
}

export function useAdjustSpreads() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adjustSpreads,
    onSuccess: () => client.invalidateQueries({ queryKey: liquidityKeys.pools() }),
  });
}
