/** Query keys of the audit trail (style: see entities/README.md). */
export type AuditFilter = { action?: string; limit?: number };

export const auditKeys = {
  all: () => ['/api/audit'] as const,
  /** One page; `before` (a sequence number) pages backwards. */
  page: (filter: AuditFilter & { before?: number }) => ['/api/audit', filter] as const,
};
