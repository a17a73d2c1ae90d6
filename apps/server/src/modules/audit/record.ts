import { randomUUID } from 'node:crypto';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { type AuditContent, canonicalJson, chainHash, GENESIS_HASH } from './chain';

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

// U+0001 stands for a row's seq in its canonical text: JSON text never holds it raw.
const SEQ_SLOT = '\u0001';

/**
 * The same append as `recordAudit`, as a data-modifying CTE (`aud_ins`) for a caller that
 * writes its change in ONE statement without an explicit transaction (the order batch,
 * decision 0021). The database computes the chain: each row's canonical text is sent with
 * a slot for its `seq`, and a recursive query hashes row after row from the head,
 * with PostgreSQL's sha256 over exactly the bytes `chainHash` hashes. The statement takes
 * the chain's advisory lock; if another writer extended the head after this statement's
 * snapshot, the insert fails on the `seq` primary key (SQLSTATE 23505) and the caller
 * retries — a fork is impossible either way. Null when there is nothing to record.
 */
export function auditInsertCte(entries: readonly AuditEntry[]): SQL | null {
  if (entries.length === 0) return null;
  const now = new Date();
  const marker = `seq-${randomUUID()}`;
  const bodies: string[] = [];
  const rows = entries.map((entry) => {
    const content = toContent(entry, now);
    bodies.push(canonicalJson({ ...content, seq: marker }).replace(JSON.stringify(marker), SEQ_SLOT));
    return {
      occurred_at: content.occurredAt.toISOString(),
      actor_id: content.actorId,
      actor_email: content.actorEmail,
      action: content.action,
      authorised_by: content.authorisedBy,
      subject_type: content.subjectType,
      subject_id: content.subjectId,
      before: content.before,
      after: content.after,
      request_id: content.requestId,
      client_address: content.clientAddress,
    };
  });
  const json = JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  // The chain walks a jsonb array by index (constant time per row), so a batch costs linear time.
  return sql`aud_lock as (select pg_advisory_xact_lock(${CHAIN_LOCK_KEY}) as locked),
  aud_head as (select coalesce((select h.seq from audit_events h order by h.seq desc limit 1), 0)::bigint as seq,
      coalesce((select h.hash from audit_events h order by h.seq desc limit 1), ${GENESIS_HASH}) as hash
    from aud_lock),
  aud_bodies as (select b.bodies, jsonb_array_length(b.bodies) as count from (select ${JSON.stringify(bodies)}::jsonb as bodies) b),
  aud_chain as (with recursive c(n, seq, prev_hash, hash) as (
      select 1, h.seq + 1, h.hash,
        encode(sha256(convert_to(h.hash || chr(10) || replace(b.bodies ->> 0, chr(1), (h.seq + 1)::text), 'UTF8')), 'hex')
      from aud_head h, aud_bodies b
      union all
      select c.n + 1, c.seq + 1, c.hash,
        encode(sha256(convert_to(c.hash || chr(10) || replace(b.bodies ->> c.n, chr(1), (c.seq + 1)::text), 'UTF8')), 'hex')
      from c, aud_bodies b where c.n < b.count)
    select * from c),
  aud_ins as (insert into audit_events (seq, occurred_at, actor_id, actor_email, action, authorised_by, subject_type,
      subject_id, before, after, request_id, client_address, prev_hash, hash)
    select c.seq, r.occurred_at, r.actor_id, r.actor_email, r.action, r.authorised_by, r.subject_type, r.subject_id,
      r.before, r.after, r.request_id, r.client_address, c.prev_hash, c.hash
    from aud_chain c join rows from (json_to_recordset(${json}::json) as (occurred_at timestamptz, actor_id text,
      actor_email text, action text, authorised_by text, subject_type text, subject_id text, before jsonb, after jsonb,
      request_id text, client_address text)) with ordinality as r(occurred_at, actor_id, actor_email, action,
      authorised_by, subject_type, subject_id, before, after, request_id, client_address, n) on r.n = c.n)`;
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
