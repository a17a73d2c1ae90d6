export { getRiskMetrics, setCapitalBase } from './api';
export { RISK_METRICS_REFRESH_MS, useRiskMetrics, useSetCapitalBase } from './hooks';
export { riskKeys } from './keys';
