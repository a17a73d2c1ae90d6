export { getRiskMetrics, runStress, setCapitalBase } from './api';
export { RISK_METRICS_REFRESH_MS, useRiskMetrics, useRunStress, useSetCapitalBase } from './hooks';
export { riskKeys } from './keys';
