import {
  capitalBaseSchema,
  riskMetricsSchema,
  stressResponseSchema,
  type CapitalBase,
  type CapitalBaseUpdate,
  type RiskMetrics,
  type RiskScope,
  type StressRequest,
  type StressResponse,
} from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { riskKeys } from './keys';

/** GET /api/risk/metrics: every figure of /risk (and the investor's risk and performance), in `currency`. */
export async function getRiskMetrics(scope: RiskScope, currency?: string): Promise<RiskMetrics> {
  return riskMetricsSchema.parse(await apiRequest('GET', urlFromQueryKey(riskKeys.metrics(scope, currency))));
}

/** PUT /api/risk/capital: the caller's organisation capital base (USD), `manage_risk_limits`. */
export async function setCapitalBase(input: CapitalBaseUpdate): Promise<CapitalBase> {
  return capitalBaseSchema.parse(await apiRequest('PUT', '/api/risk/capital', input));
}

/** POST /api/risk/stress: a user-defined scenario, fully revalued server-side (`run_stress_tests`). */
export async function runStress(input: StressRequest): Promise<StressResponse> {
  return stressResponseSchema.parse(await apiRequest('POST', '/api/risk/stress', input));
}
