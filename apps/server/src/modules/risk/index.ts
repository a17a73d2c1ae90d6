// Public API of the risk module for other modules (supervision, reports): import from
// 'modules/risk', never from its files. Money in the reporting currency as decimal strings.

export { capitalAt, riskMetrics } from './service';
export type { ScopeTarget } from './positions';
export { capitalBaseOf, organisationLimits, setCapitalBase } from './limits';
export { BENCHMARK } from './performance';
