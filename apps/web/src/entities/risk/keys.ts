import type { RiskScope } from '@meridian/schemas';

/** Query keys of /api/risk (style: see entities/README.md). */
export const riskKeys = {
  all: () => ['/api/risk'] as const,
  metrics: (scope: RiskScope, currency = 'USD') => ['/api/risk', 'metrics', { scope, currency }] as const,
};
