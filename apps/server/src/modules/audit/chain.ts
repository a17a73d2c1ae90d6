import { hash } from 'node:crypto';

/** The hash of the (virtual) row before the first one. */
export const GENESIS_HASH = '0'.repeat(64);

/** What a row says, in the fields that are hashed (everything but seq and the hashes). */
export interface AuditContent {
  occurredAt: Date;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  authorisedBy: string | null;
  subjectType: string | null;
  subjectId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string | null;
  clientAddress: string | null;
}

/**
 * JSON with object keys sorted at every depth, so the text (and the hash) depends only on
 * the values: jsonb reorders keys, and a row read back must hash to what was written.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Where a row sits in the trail. Rows written since migration 0035 name their chain and their
 * place in it (`chainSeq` = 1, 2, 3 … per chain); a row written before it was a row of the one
 * chain of that time, placed by its global `seq`. The place is hashed with the content.
 */
export type ChainPlace = { chain: string; chainSeq: number } | { seq: number };

/**
 * `canonicalJson({ chain, chainSeq, ...content })` written out in its key order (the write
 * path's fast form, one string build per row); `chainSeq` is given as the text to put in its
 * place. chainHash (what audit:verify recomputes) keeps the generic form, so verification
 * checks this one.
 */
export function canonicalContent(content: AuditContent, chain: string, chainSeq: string): string {
  return canonicalText(content, chain, chainSeq, canonicalJson(content.before), canonicalJson(content.after));
}

/** canonicalContent with `before` and `after` already in canonical JSON (a writer that sends that text too). */
export function canonicalText(
  content: AuditContent,
  chain: string,
  chainSeq: string,
  before: string,
  after: string,
): string {
  const s = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
  return (
    `{"action":${JSON.stringify(content.action)},"actorEmail":${s(content.actorEmail)},"actorId":${s(content.actorId)},` +
    `"after":${after},"authorisedBy":${s(content.authorisedBy)},"before":${before},` +
    `"chain":${JSON.stringify(chain)},"chainSeq":${chainSeq},` +
    `"clientAddress":${s(content.clientAddress)},"occurredAt":${JSON.stringify(content.occurredAt.toISOString())},` +
    `"requestId":${s(content.requestId)},"subjectId":${s(content.subjectId)},"subjectType":${s(content.subjectType)}}`
  );
}

/**
 * SHA-256 (hex) over the previous row's hash, a newline and a row's canonical text (UTF-8).
 * One-shot `crypto.hash` over the joined text: the same digest as a `createHash` fed the three
 * parts, without a Hash object and three `update` calls per row (about a third of the time;
 * every order writes a row, docs/benchmarks.md "CPU per order", decision 0087).
 */
export function linkHash(prevHash: string, canonicalText: string): string {
  return hash('sha256', `${prevHash}\n${canonicalText}`, 'hex');
}

/** The hash a row at `place` with `content` must carry after `prevHash` (generic form: what audit:verify recomputes). */
export function chainHash(place: ChainPlace, prevHash: string, content: AuditContent): string {
  return linkHash(prevHash, canonicalJson({ ...place, ...content }));
}
