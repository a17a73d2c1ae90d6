import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';
import { jobs, type JobStatus } from '../../db/schema';

/** A job as the handlers and readers see it. */
export interface JobRecord<P = unknown> {
  id: string;
  kind: string;
  dedupeKey: string | null;
  payload: P;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  progressDone: number;
  progressTotal: number | null;
  result: unknown;
  failureReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
}

export interface EnqueueInput<P> {
  kind: string;
  payload: P;
  /** Same key twice returns the first job instead of a second one. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Earliest start; defaults to now. */
  runAt?: Date;
}

/**
 * Adds a job in the caller's transaction, so the job exists exactly when the caller's own
 * rows do (a report request is acknowledged only with its job committed).
 */
export async function insertJob<P>(db: Db | Tx, input: EnqueueInput<P>, now: Date): Promise<JobRecord<P>> {
  const values = {
    kind: input.kind,
    payload: input.payload as unknown,
    dedupeKey: input.dedupeKey ?? null,
    maxAttempts: input.maxAttempts ?? 3,
    runAt: input.runAt ?? now,
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupeKey }).returning();
  if (inserted) return inserted as JobRecord<P>;
  const [existing] = await db.select().from(jobs).where(eq(jobs.dedupeKey, input.dedupeKey!));
  return existing as JobRecord<P>;
}

export async function findJob(db: Db | Tx, id: string): Promise<JobRecord | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row as JobRecord | undefined;
}

interface ClaimRow {
  id: string;
}

/**
 * Claims the next runnable job of the given kinds: pending and due, or processing with a
 * lapsed lease (its worker died). SKIP LOCKED lets several workers claim side by side;
 * the attempt counter doubles as the fencing token of this claim.
 */
export async function claimNextJob(
  db: Db,
  kinds: readonly string[],
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<JobRecord | undefined> {
  if (kinds.length === 0) return undefined;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = await selectRows<ClaimRow>(
    db,
    sql`update jobs set status = 'processing', attempts = attempts + 1, lease_owner = ${owner},
          lease_expires_at = ${leaseUntil.toISOString()}::timestamptz,
          started_at = coalesce(started_at, ${now.toISOString()}::timestamptz),
          updated_at = ${now.toISOString()}::timestamptz
        where id = (
          select id from jobs
          where kind in (${kindList})
            and ((status = 'pending' and run_at <= ${now.toISOString()}::timestamptz)
              or (status = 'processing' and lease_expires_at < ${now.toISOString()}::timestamptz))
          order by run_at, created_at
          limit 1
          for update skip locked)
        returning id`,
  );
  const claimed = rows[0];
  return claimed ? findJob(db, claimed.id) : undefined;
}

/** The claim a worker holds: writes under it only land while it is still the current one. */
export interface Claim {
  id: string;
  attempt: number;
}

const held = (claim: Claim) =>
  and(eq(jobs.id, claim.id), eq(jobs.attempts, claim.attempt), eq(jobs.status, 'processing'));

/** Extends the lease and records progress; false when the claim was lost. */
export async function renewLease(
  db: Db,
  claim: Claim,
  now: Date,
  leaseMs: number,
  progress?: { done: number; total: number | null },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      leaseExpiresAt: new Date(now.getTime() + leaseMs),
      updatedAt: now,
      ...(progress ? { progressDone: progress.done, progressTotal: progress.total } : {}),
    })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Marks the claim completed inside `tx`; false (nothing written) when the claim was lost. */
export async function markCompleted(tx: Tx, claim: Claim, now: Date, result: unknown): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({
      status: 'completed',
      result: result ?? null,
      failureReason: null,
      leaseOwner: null,
      leaseExpiresAt: null,
      finishedAt: now,
      updatedAt: now,
      progressDone: sql`coalesce(${jobs.progressTotal}, ${jobs.progressDone})`,
    })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Final failure with the reason the handler gave. */
export async function markFailed(db: Db | Tx, claim: Claim, now: Date, reason: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'failed',
      failureReason: reason,
      leaseOwner: null,
      leaseExpiresAt: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Back to pending for another attempt at `runAt` (retry back-off, or a graceful shutdown). */
export async function markRetry(db: Db, claim: Claim, now: Date, runAt: Date, reason: string | null): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', runAt, failureReason: reason, leaseOwner: null, leaseExpiresAt: null, updatedAt: now })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Jobs whose lease lapsed on their last allowed attempt are failed rather than claimed a
 * further time, so nothing stays in processing for ever.
 */
export async function failExhaustedLeases(db: Db, kinds: readonly string[], now: Date): Promise<number> {
  if (kinds.length === 0) return 0;
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = await selectRows(
    db,
    sql`update jobs set status = 'failed', lease_owner = null, lease_expires_at = null,
          failure_reason = 'Worker stopped responding on the last allowed attempt (' || attempts || ' of ' || max_attempts || ')',
          finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        where kind in (${kindList}) and status = 'processing'
          and lease_expires_at < ${now.toISOString()}::timestamptz and attempts >= max_attempts
        returning id`,
  );
  return rows.length;
}
