import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail (see modules/audit/README.md). Rows form hash chains, one per
 * writer (`chain`, in `chain_seq` order; migration 0035); a trigger (migration 0010) refuses
 * UPDATE, DELETE and TRUNCATE. No foreign keys:
 * deleting a user must neither cascade into nor be blocked by the trail.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    /** Order of the whole trail (GET /api/audit), from a sequence; before migration 0035 also the place in the one chain. */
    seq: bigint('seq', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('audit_events_seq')`),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    /** Dotted verb, e.g. `access.department.create`, `trading.order.place`. */
    action: text('action').notNull(),
    /** The permission (and its source) or rule that allowed the change, e.g. `manage_roles (role_based)`. */
    authorisedBy: text('authorised_by'),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
    prevHash: text('prev_hash').notNull(),
    /** Unique without an index of its own: it covers the row's place, which is unique (migrations 0028, 0035). */
    hash: text('hash').notNull(),
    /** Which chain: 'main', or 'orders:<instrument id>' (the order batches of one book writer). */
    chain: text('chain').notNull().default('main'),
    /** Place in the chain, 1, 2, 3 …; null on rows written before migration 0035 (their place is `seq`). */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorId, t.seq),
    // Order placements are left out: a filter on them finds them densely by `seq` (migration 0037).
    index('audit_events_action_idx')
      .on(t.action, t.seq)
      .where(sql`${t.action} <> 'trading.order.place'`),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
    uniqueIndex('audit_events_chain_idx')
      .on(t.chain, t.chainSeq)
      .where(sql`${t.chainSeq} is not null`),
    index('audit_events_legacy_idx')
      .on(t.seq)
      .where(sql`${t.chainSeq} is null`),
  ],
);
