import { useQuery } from '@tanstack/react-query';
import { getInstitutions, getMarketOverview } from './api';
import { regulatorKeys } from './keys';

/** SPEC §7: the market overview refreshes every 30 seconds; institutions load once. */
export const MARKET_OVERVIEW_REFRESH_MS = 30_000;

export function useMarketOverview() {
  return useQuery({
    queryKey: regulatorKeys.marketOverview(),
    queryFn: getMarketOverview,
    refetchInterval: MARKET_OVERVIEW_REFRESH_MS,
  });
}

export function useInstitutions() {
  return useQuery({ queryKey: regulatorKeys.institutions(), queryFn: getInstitutions, staleTime: Infinity });
}
