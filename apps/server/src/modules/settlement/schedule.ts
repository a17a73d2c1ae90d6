import type { Db, Tx } from '../../db/client';
import type { JobQueue } from '../jobs';
import { addBusinessDays, isBusinessDay, tradeDate } from './calendar';
import { processDueSettlements } from './service';

/** Job kind of the daily settlement run. */
export const SETTLEMENT_RUN_JOB = 'settlement.run';

export interface SettlementRunPayload {
  /** The business day settled: everything due on or before it. */
  date: string;
}

/** `HH:MM` UTC to the instant of that time on `date`. */
export function runInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00Z`);
}

/** The first business day on or after `date`. */
export function businessDayFrom(date: string): string {
  return isBusinessDay(date) ? date : addBusinessDays(date, 1);
}

/**
 * Enqueues the run of one business day at the configured time; the dedupe key makes it one
 * job per day however many processes or restarts ask (exactly once across processes).
 */
export function scheduleRun(jobs: JobQueue, db: Db | Tx, date: string, time: string) {
  return jobs.enqueue<SettlementRunPayload>(db, {
    kind: SETTLEMENT_RUN_JOB,
    payload: { date },
    dedupeKey: `${SETTLEMENT_RUN_JOB}:${date}`,
    runAt: runInstant(date, time),
  });
}

/**
 * Registers the daily run: it settles what is due on its day (catching up on anything older
 * that downtime left behind) and, in the transaction that completes it, schedules the next
 * business day's run. A run killed half-way is reclaimed when its lease lapses and settles
 * the rest; settled ones are not touched again.
 */
export function registerSettlementRun(jobs: JobQueue, db: Db, time: string): void {
  jobs.register<SettlementRunPayload>(SETTLEMENT_RUN_JOB, async ({ job, clock }) => {
    const result = await processDueSettlements(db, job.payload.date, clock.now());
    return {
      result,
      commit: async (tx) => {
        await scheduleRun(jobs, tx, addBusinessDays(job.payload.date, 1), time);
      },
    };
  });
}

/** At start-up: today's run (or the next business day's) exists, so a restart catches up. */
export async function ensureScheduled(jobs: JobQueue, db: Db, now: Date, time: string): Promise<void> {
  await scheduleRun(jobs, db, businessDayFrom(tradeDate(now)), time);
}
