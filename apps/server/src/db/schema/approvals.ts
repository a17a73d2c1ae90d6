import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A change waiting for other people's consent (four-eyes): an elevation request, a role
 * assignment into a dual-control department, later custody multi-sig moves. `kind` says
 * which module applies the change once `requiredApprovers` distinct approvers said yes.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Id of the row the approval is about (e.g. the elevation request), when there is one. */
    subjectId: text('subject_id'),
    /** What to apply on approval (kind-specific, JSON-safe). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    summary: text('summary').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requiredApprovers: integer('required_approvers').notNull(),
    /** Approvers need at least this role level. */
    minApproverLevel: integer('min_approver_level').notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approvals_status_idx').on(t.status, t.createdAt)],
);

/** One approver's yes or no; the primary key makes "the same person twice" impossible. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'approve' | 'reject'>().notNull(),
    comment: text('comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.approvalId, t.approverId] })],
);
