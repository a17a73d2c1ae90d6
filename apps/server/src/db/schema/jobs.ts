import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The platform's one durable job queue (modules/jobs; docs/decisions "durable jobs").
 * A worker claims a row with FOR UPDATE SKIP LOCKED and holds a lease it renews while it
 * works; a lease that runs out (crash, restart) makes the job claimable again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which handler runs it, e.g. 'compliance.report'. */
    kind: text('kind').notNull(),
    /** Optional idempotency key: enqueueing the same key twice yields the first job. */
    dedupeKey: text('dedupe_key').unique(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** Claims so far; also the fencing token: writes of an older claim are refused. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not claimable before this instant (enqueue time, or retry back-off). */
    runAt: ts('run_at').notNull(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: ts('lease_expires_at'),
    progressDone: integer('progress_done').notNull().default(0),
    /** Null while the handler does not yet know how much work there is. */
    progressTotal: integer('progress_total'),
    result: jsonb('result'),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('jobs_claimable_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
    check('jobs_status_check', sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
