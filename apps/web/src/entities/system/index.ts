export { getSystemStatus, probeApiLatency, type ApiLatency } from './api';
export { useApiLatency, useSystemStatus } from './hooks';
export { systemKeys } from './keys';
