import { riskMetricsSchema, type RiskMetrics, type RiskScope } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const RISK_METRICS_URL = '/api/risk/metrics';

export async function getRiskMetrics(scope: RiskScope): Promise<RiskMetrics> {
  return riskMetricsSchema.parse(await apiRequest('GET', `${RISK_METRICS_URL}?scope=${scope}`));
}

/** SPEC §7 polls every 10 s; the server answers from cache until positions or market data change. */
export const riskMetricsQuery = (scope: RiskScope) =>
  queryOptions({ queryKey: [RISK_METRICS_URL, scope], queryFn: () => getRiskMetrics(scope), refetchInterval: 10_000 });

export function useRiskMetrics(scope: RiskScope) {
  return useQuery(riskMetricsQuery(scope));
}
