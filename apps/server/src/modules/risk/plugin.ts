import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { computeFigures } from './compute';
import { backfillIfEmpty, writeDailySnapshot } from './history';
import { marketHistory, todayMarket } from './market';
import { BENCHMARK_KEY, benchmarkPortfolio } from './performance';
import { scopeKeyOf, type ScopeTarget } from './positions';
import riskRoutes from './routes';
import { computePortfolio } from './service';

// The daily risk history job on the shared durable queue (modules/jobs): one job per UTC day
// (dedupe key `risk.snapshot:<date>`, snapshot rows keyed by portfolio and date), so no day is
// ever stored twice. On start the server enqueues every day since the last stored one (catch-up
// after downtime); a day run late values the holdings of THAT day (summed from the journal)
// at that day's ECB rates, so a catch-up does not copy today's portfolio into the past.

export const SNAPSHOT_JOB = 'risk.snapshot';
/** The most days one start-up catches up (older gaps stay gaps: backtests need recent days). */
export const MAX_CATCH_UP_DAYS = 366;
const DAY_MS = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Every portfolio holding something (then, with `asOf`): users, their organisations, the market. */
async function portfolios(db: Db, asOf?: string): Promise<ScopeTarget[]> {
  const rows = await selectRows<{ user_id: string; organisation_id: string | null }>(
    db,
    asOf
      ? sql`select distinct a.user_id, u.organisation_id from ledger_accounts a join users u on u.id = a.user_id
          where exists (select 1 from journal_lines l join journal_entries e on e.id = l.entry_id
                        where l.account_id = a.id and e.created_at < (${asOf}::date + 1))`
      : sql`select distinct a.user_id, u.organisation_id from ledger_accounts a join users u on u.id = a.user_id
          where exists (select 1 from balances b where b.account_id = a.id and b.total <> 0)`,
  );
  const orgs = [...new Set(rows.map((r) => r.organisation_id).filter((o): o is string => o !== null))];
  return [
    ...rows.map((r) => ({ scope: 'own' as const, userId: r.user_id, organisationId: r.organisation_id })),
    ...orgs.map((o) => ({ scope: 'organisation' as const, userId: '', organisationId: o })),
    { scope: 'market' as const, userId: '', organisationId: null },
  ];
}

/**
 * Enqueues the snapshot job of every day after the last stored daily snapshot up to `today`
 * (just `today` when none was ever stored). Idempotent: each day's job has one dedupe key.
 */
export async function scheduleMissedDays(app: FastifyInstance, today = todayUtc()): Promise<string[]> {
  const [row] = await selectRows<{ last: string | null }>(
    app.db,
    sql`select max(snapshot_date)::text as last from risk_snapshots where source = 'daily' and snapshot_date < ${today}`,
  );
  const earliest = addDays(today, -(MAX_CATCH_UP_DAYS - 1));
  const from = row?.last ? addDays(row.last > earliest ? row.last : addDays(earliest, -1), 1) : today;
  const dates: string[] = [];
  for (let d = from; d <= today; d = addDays(d, 1)) dates.push(d);
  await app.db.transaction(async (tx) => {
    for (const date of dates)
      await app.jobs.enqueue(tx, { kind: SNAPSHOT_JOB, payload: { date }, dedupeKey: `${SNAPSHOT_JOB}:${date}` });
  });
  app.jobs.wake();
  return dates;
}

export default fp(
  async (app) => {
    app.jobs.register<{ date: string }>(SNAPSHOT_JOB, async ({ job, db, progress, signal }) => {
      const { date } = job.payload;
      // A day run after it ended (catch-up) uses that day's holdings and rates.
      const asOf = date < todayUtc() ? date : undefined;
      const targets = await portfolios(db, asOf);
      let done = 0;
      for (const target of targets) {
        if (signal.aborted) throw new Error('stopped');
        const { figures, history } = await computePortfolio(db, target, asOf);
        if (!asOf) await backfillIfEmpty(db, scopeKeyOf(target), figures.compiled, history);
        await writeDailySnapshot(db, scopeKeyOf(target), date, {
          value: figures.value,
          var95: figures.var.var95,
          var99: figures.var.var99,
        });
        await progress(++done, targets.length + 1);
      }
      // The performance benchmark keeps its own daily history beside the portfolios'.
      const [benchmark, market, history] = await Promise.all([
        benchmarkPortfolio(db, asOf),
        todayMarket(db, asOf),
        marketHistory(db),
      ]);
      const figures = computeFigures(benchmark, market.state, history);
      if (!asOf) await backfillIfEmpty(db, BENCHMARK_KEY, figures.compiled, history);
      await writeDailySnapshot(db, BENCHMARK_KEY, date, {
        value: figures.value,
        var95: figures.var.var95,
        var99: figures.var.var99,
      });
      await progress(++done, targets.length + 1);
      const next = addDays(date, 1);
      return {
        result: { portfolios: targets.length, asOf: asOf ?? null },
        // Today's run schedules tomorrow's; catch-up runs do not (scheduleMissedDays enqueued every day up to today).
        commit: async (tx) => {
          if (asOf) return;
          await app.jobs.enqueue(tx, {
            kind: SNAPSHOT_JOB,
            payload: { date: next },
            dedupeKey: `${SNAPSHOT_JOB}:${next}`,
            runAt: new Date(`${next}T00:05:00Z`),
          });
        },
      };
    });
    // Tests run the job explicitly; a running server catches up the days it missed, then today.
    if (app.config.nodeEnv !== 'test')
      app.addHook('onReady', async () => {
        await scheduleMissedDays(app);
      });
    await app.register(riskRoutes);
  },
  { name: 'risk', dependencies: ['jobs'] },
);
