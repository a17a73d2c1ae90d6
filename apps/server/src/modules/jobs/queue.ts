import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Tx } from '../../db/client';
import { systemClock, type Clock } from './clock';
import {
  claimNextJob,
  failExhaustedLeases,
  findJob,
  insertJob,
  markCompleted,
  markFailed,
  markRetry,
  renewLease,
  type Claim,
  type EnqueueInput,
  type JobRecord,
} from './store';

/** What a handler gets while it runs one job. */
export interface JobContext<P> {
  job: JobRecord<P>;
  /** Aborted when the lease is lost or the worker shuts down: stop, write nothing more. */
  signal: AbortSignal;
  clock: Clock;
  db: Db;
  /** Records progress (written at most every `progressIntervalMs`) and renews the lease. */
  progress(done: number, total?: number | null): Promise<void>;
}

export interface JobOutcome {
  /** Stored on the job row as JSON. */
  result?: unknown;
  /** Domain rows written in the same transaction that marks the job completed. */
  commit?: (tx: Tx) => Promise<void>;
}

export type JobHandler<P = unknown> = (context: JobContext<P>) => Promise<JobOutcome | void>;

/** A failure retrying cannot cure (bad input, missing data): the job fails at once with this reason. */
export class PermanentJobError extends Error {}

interface Logger {
  error(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
}

export interface JobQueueOptions {
  clock?: Clock;
  /** How long a claim lasts without a heartbeat; a crashed worker's job is reclaimed after it. */
  leaseMs?: number;
  /** Idle poll interval; enqueueing in this process wakes the loop at once. */
  pollMs?: number;
  /** Jobs run side by side by this worker. */
  concurrency?: number;
  progressIntervalMs?: number;
  /** Delay before attempt n+1 after a failed attempt n. */
  retryDelayMs?: (attempt: number) => number;
  logger?: Logger;
  owner?: string;
}

const silent: Logger = { error: () => {}, warn: () => {} };
const SHUTDOWN = 'worker shutting down';
const LEASE_LOST = 'lease lost';

/**
 * The platform's one durable job mechanism: jobs live in the `jobs` table, are claimed with
 * FOR UPDATE SKIP LOCKED under a renewable lease, and survive restarts (see README.md).
 */
export class JobQueue {
  readonly clock: Clock;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly progressIntervalMs: number;
  private readonly retryDelayMs: (attempt: number) => number;
  private readonly logger: Logger;
  private readonly owner: string;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    options: JobQueueOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.concurrency = options.concurrency ?? 1;
    this.progressIntervalMs = options.progressIntervalMs ?? 250;
    this.retryDelayMs = options.retryDelayMs ?? ((attempt) => Math.min(60_000, 1_000 * 2 ** attempt));
    this.logger = options.logger ?? silent;
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** Registers the handler of one job kind; only registered kinds are ever claimed here. */
  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`job kind '${kind}' is already registered`);
    this.handlers.set(kind, handler as JobHandler<never>);
  }

  /** Adds a job, in the caller's transaction when `db` is one; call `wake()` after it commits. */
  enqueue<P>(db: Db | Tx, input: EnqueueInput<P>): Promise<JobRecord<P>> {
    return insertJob(db, input, this.clock.now());
  }

  get(id: string): Promise<JobRecord | undefined> {
    return findJob(this.db, id);
  }

  /** Lets an idle worker loop look for work now rather than at its next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Claims and runs one job; false when nothing was runnable. */
  async runOnce(): Promise<boolean> {
    const kinds = [...this.handlers.keys()];
    const now = this.clock.now();
    await failExhaustedLeases(this.db, kinds, now);
    const job = await claimNextJob(this.db, kinds, this.owner, now, this.leaseMs);
    if (!job) return false;
    await this.execute(job, new AbortController());
    return true;
  }

  /** Runs jobs until none is runnable (tests, scripts). */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOnce()) count++;
    return count;
  }

  /** Starts the background loop (the app does this when it is ready). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.runLoop();
  }

  /**
   * Stops claiming, aborts running handlers and hands their jobs back as pending so the next
   * worker (or this server after a restart) takes them up at once.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    for (const { controller } of this.inFlight.values()) controller.abort(SHUTDOWN);
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
    await this.loop;
    this.loop = undefined;
  }

  private async runLoop(): Promise<void> {
    while (this.running) {
      let claimed = false;
      if (this.inFlight.size < this.concurrency) {
        try {
          const kinds = [...this.handlers.keys()];
          const now = this.clock.now();
          await failExhaustedLeases(this.db, kinds, now);
          const job = await claimNextJob(this.db, kinds, this.owner, now, this.leaseMs);
          if (job && this.running) {
            claimed = true;
            const controller = new AbortController();
            const done = this.execute(job, controller).finally(() => {
              this.inFlight.delete(job.id);
              this.wake();
            });
            this.inFlight.set(job.id, { controller, done });
          }
        } catch (error) {
          if (this.running) this.logger.error({ err: error }, 'job claim failed');
        }
      }
      if (!claimed && this.running) await this.sleep(this.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private async execute(job: JobRecord, controller: AbortController): Promise<void> {
    const claim: Claim = { id: job.id, attempt: job.attempts };
    const handler = this.handlers.get(job.kind)!;
    const heartbeat = setInterval(() => void this.heartbeat(claim, controller), Math.max(50, this.leaseMs / 3));
    let lastProgressAt = 0;
    const context: JobContext<unknown> = {
      job,
      signal: controller.signal,
      clock: this.clock,
      db: this.db,
      progress: async (done, total = null) => {
        if (Date.now() - lastProgressAt < this.progressIntervalMs) return;
        lastProgressAt = Date.now();
        const held = await renewLease(this.db, claim, this.clock.now(), this.leaseMs, { done, total });
        if (!held) controller.abort(LEASE_LOST);
      },
    };
    try {
      const outcome = (await (handler as JobHandler<unknown>)(context)) ?? {};
      controller.signal.throwIfAborted();
      await this.db.transaction(async (tx) => {
        if (!(await markCompleted(tx, claim, this.clock.now(), outcome.result))) throw new Error(LEASE_LOST);
        await outcome.commit?.(tx);
      });
    } catch (error) {
      await this.settleFailure(job, claim, controller.signal, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async heartbeat(claim: Claim, controller: AbortController): Promise<void> {
    try {
      if (!(await renewLease(this.db, claim, this.clock.now(), this.leaseMs))) controller.abort(LEASE_LOST);
    } catch (error) {
      this.logger.warn({ err: error, jobId: claim.id }, 'job heartbeat failed');
    }
  }

  private async settleFailure(job: JobRecord, claim: Claim, signal: AbortSignal, error: unknown): Promise<void> {
    const now = this.clock.now();
    try {
      if (signal.aborted && signal.reason === SHUTDOWN) {
        await markRetry(this.db, claim, now, now, null);
        return;
      }
      if (signal.aborted || (error instanceof Error && error.message === LEASE_LOST)) return; // another claim owns it
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError || claim.attempt >= job.maxAttempts) {
        await markFailed(this.db, claim, now, reason);
      } else {
        this.logger.warn({ err: error, jobId: job.id, attempt: claim.attempt }, 'job attempt failed; retrying');
        await markRetry(this.db, claim, now, new Date(now.getTime() + this.retryDelayMs(claim.attempt)), reason);
      }
    } catch (settleError) {
      // The lease will lapse and the job be reclaimed; nothing is lost.
      this.logger.error({ err: settleError, jobId: job.id }, 'could not record job failure');
    }
  }
}
