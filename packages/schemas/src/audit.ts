import { z } from 'zod';
import { instantSchema } from './common';

/** One row of the append-only audit trail (hash-chained; see the server's modules/audit). */
export const auditEventSchema = z
  .object({
    /** Order of the whole trail (newest first in lists). */
    seq: z.number().int(),
    occurredAt: instantSchema,
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    action: z.string(),
    authorisedBy: z.string().nullable(),
    subjectType: z.string().nullable(),
    subjectId: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    requestId: z.string().nullable(),
    clientAddress: z.string().nullable(),
    prevHash: z.string(),
    hash: z.string(),
    /** The hash chain the row belongs to: 'main', or 'orders:<instrument id>' (one per book writer). */
    chain: z.string(),
    /** Place in its chain (1, 2, 3 …); null on rows from before per-writer chains (their place is `seq`). */
    chainSeq: z.number().int().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

const isoInstant = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time' });

/** GET /api/audit query: newest first, `before` pages backwards by sequence number. */
export const auditQuerySchema = z.object({
  actorId: z.string().max(100).optional(),
  /** Exact action, or a prefix ending in '.' (e.g. `access.`). */
  action: z.string().max(100).optional(),
  subjectType: z.string().max(100).optional(),
  subjectId: z.string().max(100).optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
// No `.meta({ id })` here: @fastify/swagger cannot expand a named ($ref) querystring schema.
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z
  .object({
    items: z.array(auditEventSchema),
    /** Pass as `before` for the next (older) page; null at the start of the trail. */
    nextBefore: z.number().int().nullable(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
