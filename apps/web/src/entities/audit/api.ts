import { auditPageSchema, type AuditPage } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { auditKeys, type AuditFilter } from './keys';

/** GET /api/audit: newest first; `before` pages to older rows (needs view_audit). */
export async function getAuditPage(filter: AuditFilter & { before?: number }): Promise<AuditPage> {
  return auditPageSchema.parse(await apiRequest('GET', urlFromQueryKey(auditKeys.page(filter))));
}
