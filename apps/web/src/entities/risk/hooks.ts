import type { CapitalBaseUpdate, RiskScope, StressRequest } from '@meridian/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRiskMetrics, runStress, setCapitalBase } from './api';
import { riskKeys } from './keys';

/** SPEC §7 polls every 10 s; the server answers from cache until positions or market data change. */
export const RISK_METRICS_REFRESH_MS = 10_000;

export function useRiskMetrics(
  scope: RiskScope,
  { currency, enabled = true }: { currency?: string; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: riskKeys.metrics(scope, currency),
    queryFn: () => getRiskMetrics(scope, currency),
    refetchInterval: RISK_METRICS_REFRESH_MS,
    enabled,
  });
}

/** Saves the organisation's capital base; every risk figure is refetched (capital ratios, stress). */
export function useSetCapitalBase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CapitalBaseUpdate) => setCapitalBase(input),
    onSuccess: () => void client.invalidateQueries({ queryKey: riskKeys.all() }),
  });
}

/** Runs a custom stress scenario (nothing is stored, so nothing to invalidate). */
export function useRunStress() {
  return useMutation({ mutationFn: (input: StressRequest) => runStress(input) });
}
