import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail (see modules/audit/README.md). Rows form a hash chain in `seq`
 * order; a trigger (migration 0010) refuses UPDATE, DELETE and TRUNCATE. No foreign keys:
 * deleting a user must neither cascade into nor be blocked by the trail.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    /** Position in the chain: 1, 2, 3 … assigned under the chain lock. */
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
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
    /** Unique without an index of its own: it covers `seq`, the primary key (migration 0028). */
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorId, t.seq),
    index('audit_events_action_idx').on(t.action, t.seq),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
