export { getAuditPage } from './api';
export { useAuditTrail } from './hooks';
export { auditKeys, type AuditFilter } from './keys';
