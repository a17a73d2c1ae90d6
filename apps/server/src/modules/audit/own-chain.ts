import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/json-rows';
import { canonicalJson, canonicalText, GENESIS_HASH, linkHash } from './chain';
import { toContent, type AuditEntry } from './record';

/** The last row of a chain: where the next append links on. */
export interface ChainHead {
  chainSeq: number;
  hash: string;
}

/** The chain of one instrument's order batches, written only by the instrument's book writer. */
export function orderChain(instrumentId: string): string {
  return `orders:${instrumentId}`;
}

/** The committed head of a chain (chain_seq 0 and the genesis hash when it has no row yet). */
export async function readChainHead(db: Db | Tx, chain: string): Promise<ChainHead> {
  const [row] = rowsOf(
    // Ordered by the column, not by the text alias of the same name (PostgreSQL sorts by an
    // output column when the name matches one: "9" > "10").
    await db.execute(sql`select chain_seq::text as chain_seq, hash from audit_events
      where chain = ${chain} and chain_seq is not null order by audit_events.chain_seq desc limit 1`),
  );
  return row ? { chainSeq: Number(row.chain_seq), hash: String(row.hash) } : { chainSeq: 0, hash: GENESIS_HASH };
}

/** An append built in Node: the CTE that writes it (null when there is nothing to write) and the head after it. */
export interface ChainAppend {
  cte: SQL | null;
  head: ChainHead;
}

/**
 * Appends entries to a chain that has ONE writer, the caller (decision 0072): a book writer
 * keeps its chain's head in memory, so the rows are placed, canonicalised and hashed here and
 * written as plain typed rows — no lock, no head read, no hashing in the statement. The CTE
 * (`aud_ins`) rides in the writer's own statement, so the rows commit or roll back with the
 * change; adopt `head` only once that committed. A second writer that got past its fence would
 * fail on the unique (chain, chain_seq) instead of forking the chain.
 */
export function appendToOwnChain(chain: string, head: ChainHead, entries: readonly AuditEntry[]): ChainAppend {
  if (entries.length === 0) return { cte: null, head };
  const now = new Date();
  const cols = {
    chainSeq: [] as string[],
    occurredAt: [] as string[],
    actorId: [] as (string | null)[],
    actorEmail: [] as (string | null)[],
    action: [] as string[],
    authorisedBy: [] as (string | null)[],
    subjectType: [] as (string | null)[],
    subjectId: [] as (string | null)[],
    before: [] as (string | null)[],
    after: [] as (string | null)[],
    requestId: [] as (string | null)[],
    clientAddress: [] as (string | null)[],
    prevHash: [] as string[],
    hash: [] as string[],
  };
  let { chainSeq, hash } = head;
  for (const entry of entries) {
    const content = toContent(entry, now);
    chainSeq += 1;
    // The columns get the canonical JSON that is hashed (jsonb reads it back to the same value).
    const before = content.before === null ? null : canonicalJson(content.before);
    const after = content.after === null ? null : canonicalJson(content.after);
    const next = linkHash(hash, canonicalText(content, chain, String(chainSeq), before ?? 'null', after ?? 'null'));
    cols.chainSeq.push(String(chainSeq));
    cols.occurredAt.push(content.occurredAt.toISOString());
    cols.actorId.push(content.actorId);
    cols.actorEmail.push(content.actorEmail);
    cols.action.push(content.action);
    cols.authorisedBy.push(content.authorisedBy);
    cols.subjectType.push(content.subjectType);
    cols.subjectId.push(content.subjectId);
    cols.before.push(before);
    cols.after.push(after);
    cols.requestId.push(content.requestId);
    cols.clientAddress.push(content.clientAddress);
    cols.prevHash.push(hash);
    cols.hash.push(next);
    hash = next;
  }
  // Each column travels as one array literal; `seq` comes from its default, in chain order.
  const cte = sql`aud_ins as (insert into audit_events (chain, chain_seq, occurred_at, actor_id, actor_email, action,
      authorised_by, subject_type, subject_id, before, after, request_id, client_address, prev_hash, hash)
    select ${chain}::text, u.* from unnest(${arrayLiteral(cols.chainSeq)}::bigint[], ${arrayLiteral(cols.occurredAt)}::timestamptz[],
      ${arrayLiteral(cols.actorId)}::text[], ${arrayLiteral(cols.actorEmail)}::text[], ${arrayLiteral(cols.action)}::text[],
      ${arrayLiteral(cols.authorisedBy)}::text[], ${arrayLiteral(cols.subjectType)}::text[], ${arrayLiteral(cols.subjectId)}::text[],
      ${arrayLiteral(cols.before)}::jsonb[], ${arrayLiteral(cols.after)}::jsonb[], ${arrayLiteral(cols.requestId)}::text[],
      ${arrayLiteral(cols.clientAddress)}::text[], ${arrayLiteral(cols.prevHash)}::text[], ${arrayLiteral(cols.hash)}::text[])
      as u(chain_seq, occurred_at, actor_id, actor_email, action, authorised_by, subject_type, subject_id, before, after,
        request_id, client_address, prev_hash, hash)
    order by u.chain_seq)`;
  return { cte, head: { chainSeq, hash } };
}

/** A PostgreSQL array literal: every element quoted (backslash before `"` and `\`), NULL bare. */
export function arrayLiteral(values: readonly (string | null)[]): string {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string | null;
    if (i > 0) text += ',';
    // Ids, addresses and request ids rarely hold either character: no regex pass for them (decision 0087).
    if (v === null) text += 'NULL';
    else if (v.indexOf('"') === -1 && v.indexOf('\\') === -1) text += `"${v}"`;
    else text += `"${v.replace(/["\\]/g, '\\$&')}"`;
  }
  return `${text}}`;
}

/**
 * The database refused an append because the chain already has a row at that place (23505 on the
 * unique (chain, chain_seq) of migration 0035): another writer appended after this one read the head.
 */
export function isChainForkRefusal(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  )
    if (
      e.code === '23505' &&
      (e.constraint === 'audit_events_chain_idx' ||
        (typeof e.message === 'string' && e.message.includes('audit_events_chain_idx')))
    )
      return true;
  return false;
}
