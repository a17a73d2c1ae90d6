import { createHash } from 'node:crypto';

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
 * `canonicalJson({ seq, ...content })` written out in its key order (the write path's fast
 * form, one string build per row); `seq` is given as the text to put in its place. chainHash
 * (what audit:verify recomputes) keeps the generic form, so verification checks this one.
 */
export function canonicalContent(content: AuditContent, seq: string): string {
  const s = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
  return (
    `{"action":${JSON.stringify(content.action)},"actorEmail":${s(content.actorEmail)},"actorId":${s(content.actorId)},` +
    `"after":${canonicalJson(content.after)},"authorisedBy":${s(content.authorisedBy)},` +
    `"before":${canonicalJson(content.before)},"clientAddress":${s(content.clientAddress)},` +
    `"occurredAt":${JSON.stringify(content.occurredAt.toISOString())},"requestId":${s(content.requestId)},` +
    `"seq":${seq},"subjectId":${s(content.subjectId)},"subjectType":${s(content.subjectType)}}`
  );
}

/** SHA-256 (hex) over the previous row's hash and this row's canonical content. */
export function chainHash(seq: number, prevHash: string, content: AuditContent): string {
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(canonicalJson({ seq, ...content }))
    .digest('hex');
}
