import { desc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { type AuditContent, chainHash, GENESIS_HASH } from './chain';

/** One audited change; `occurredAt` defaults to now. */
export interface AuditEntry {
  action: string;
  actorId?: string | null;
  actorEmail?: string | null;
  authorisedBy?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  requestId?: string | null;
  clientAddress?: string | null;
  occurredAt?: Date;
}

// Any constant works; it names "the audit chain" among the advisory locks of this database.
const CHAIN_LOCK_KEY = 0x4d455249_4155;

/**
 * Appends entries to the hash chain inside the caller's transaction, so the rows commit or
 * roll back with the change they describe. Appends are serialised by a transaction-scoped
 * advisory lock held until commit: two writers can never both extend the same head.
 * Several entries (e.g. an order batch) cost one lock, one head read and one insert.
 */
export async function recordAudit(tx: Tx, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
  const [head] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  const now = new Date();
  const rows = list.map((entry) => {
    const content = toContent(entry, now);
    seq += 1;
    const hash = chainHash(seq, prevHash, content);
    const row = { seq, ...content, prevHash, hash };
    prevHash = hash;
    return row;
  });
  await tx.insert(auditEvents).values(rows);
}

function toContent(entry: AuditEntry, now: Date): AuditContent {
  // Millisecond precision: the column keeps exactly what was hashed.
  return {
    occurredAt: entry.occurredAt ?? now,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    authorisedBy: entry.authorisedBy ?? null,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
    clientAddress: entry.clientAddress ?? null,
  };
}
