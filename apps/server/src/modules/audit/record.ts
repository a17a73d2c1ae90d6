import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type AuditContent, canonicalContent } from './chain';

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

/** The request-derived part of an entry (who, under which permission, from where). */
export type AuditContext = Omit<AuditEntry, 'action'>;

// Any constant works; it names "the main audit chain" among the advisory locks of this
// database. audit_main_append (migration 0035) takes the same key.
export const CHAIN_LOCK_KEY = 0x4d455249_4155;

/** The chain of every audited change but the order batches (those chain per book writer: own-chain.ts). */
export const MAIN_CHAIN = 'main';

// U+0001 stands for a row's chain_seq in its canonical text, U+0002 separates the rows' texts:
// JSON text never holds a raw control character (JSON.stringify escapes them all).
const SEQ_SLOT = '\u0001';
const ROW_SEPARATOR = '\u0002';

/**
 * Appends entries to the main hash chain inside the caller's transaction, so the rows commit or
 * roll back with the change they describe: ONE statement, one round trip, however many
 * entries. The canonical text of each row is made here; the database function
 * `audit_main_append` takes the chain's advisory lock (held until commit, so two writers
 * never extend the same head), reads the head after the lock and hashes the rows onto it
 * (SHA-256, the bytes `chainHash` hashes), and one multi-row INSERT writes them. A change
 * written in one statement anyway should carry its rows in it instead (`auditInsertCte`).
 */
export async function recordAudit(tx: Tx, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  await tx.execute(sql`insert into audit_events ${AUDIT_COLUMNS} ${auditRowsSelect(list)}`);
}

// `seq` is left to its default (the trail's sequence).
const AUDIT_COLUMNS = sql.raw(
  '(occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before, after, ' +
    'request_id, client_address, prev_hash, hash, chain, chain_seq)',
);

/**
 * `select … from audit_main_append($texts)`: the chained rows of an append, in the column
 * order above. Each row travels once, as its canonical text (chain.ts `canonicalContent`) with
 * U+0001 where its chain_seq goes, the texts joined by U+0002 into one text parameter; the
 * function hashes them in one pass and reads the columns back out of them (migrations 0028,
 * 0035; decisions 0061, 0072).
 */
function auditRowsSelect(entries: readonly AuditEntry[]): SQL {
  const now = new Date();
  const bodies = entries.map((entry) => canonicalContent(toContent(entry, now), MAIN_CHAIN, SEQ_SLOT));
  return sql`select occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before,
    after, request_id, client_address, prev_hash, hash, chain, chain_seq from audit_main_append(${bodies.join(ROW_SEPARATOR)}::text)`;
}

/**
 * The same append as a data-modifying CTE (`aud_ins`) for a caller that writes its change in
 * ONE statement without an explicit transaction (`createDepartment`, decision 0061). The
 * function's lock and head read run inside the statement, after its snapshot was taken, so
 * the append extends the committed head; (chain, chain_seq) is unique, so a fork is
 * impossible either way. Null when there is nothing to record.
 */
export function auditInsertCte(entries: readonly AuditEntry[]): SQL | null {
  if (entries.length === 0) return null;
  return sql`aud_ins as (insert into audit_events ${AUDIT_COLUMNS} ${auditRowsSelect(entries)})`;
}

/** The hashed fields of an entry; `now` when it names no time. */
export function toContent(entry: AuditEntry, now: Date): AuditContent {
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
