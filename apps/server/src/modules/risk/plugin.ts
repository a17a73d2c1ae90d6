import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import { backfillIfEmpty, writeDailySnapshot } from './history';
import { scopeKeyOf, type ScopeTarget } from './positions';
import riskRoutes from './routes';
import { computePortfolio } from './service';

// The daily risk history job on the shared durable queue (modules/jobs): one job per UTC day
// (dedupe key `risk.snapshot:<date>`), so a restart never runs a day twice and a server that
// was down runs today's job when it comes back (missed earlier days are not reconstructed:
// their positions are gone). Each run enqueues the next day's.

export const SNAPSHOT_JOB = 'risk.snapshot';
const today = () => new Date().toISOString().slice(0, 10);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Every portfolio holding something: users, their organisations, the market. */
async function portfolios(db: Parameters<typeof computePortfolio>[0]): Promise<ScopeTarget[]> {
  const rows = await selectRows<{ user_id: string; organisation_id: string | null }>(
    db,
    sql`select distinct a.user_id, u.organisation_id from ledger_accounts a join users u on u.id = a.user_id
        where exists (select 1 from balances b where b.account_id = a.id and b.total <> 0)`,
  );
  const orgs = [...new Set(rows.map((r) => r.organisation_id).filter((o): o is string => o !== null))];
  return [
    ...rows.map((r) => ({ scope: 'own' as const, userId: r.user_id, organisationId: r.organisation_id })),
    ...orgs.map((o) => ({ scope: 'organisation' as const, userId: '', organisationId: o })),
    { scope: 'market' as const, userId: '', organisationId: null },
  ];
}

export default fp(
  async (app) => {
    app.jobs.register<{ date: string }>(SNAPSHOT_JOB, async ({ job, db, progress, signal }) => {
      const targets = await portfolios(db);
      let done = 0;
      for (const target of targets) {
        if (signal.aborted) throw new Error('stopped');
        const { figures, history } = await computePortfolio(db, target);
        await backfillIfEmpty(db, scopeKeyOf(target), figures.compiled, history);
        await writeDailySnapshot(db, scopeKeyOf(target), job.payload.date, {
          value: figures.value,
          var95: figures.var.var95,
          var99: figures.var.var99,
        });
        await progress(++done, targets.length);
      }
      const next = nextDay(job.payload.date);
      return {
        result: { portfolios: targets.length },
        commit: async (tx) => {
          await app.jobs.enqueue(tx, {
            kind: SNAPSHOT_JOB,
            payload: { date: next },
            dedupeKey: `${SNAPSHOT_JOB}:${next}`,
            runAt: new Date(`${next}T00:05:00Z`),
          });
        },
      };
    });
    // Tests run the job explicitly; a running server schedules today's (no-op when done).
    if (app.config.nodeEnv !== 'test')
      app.addHook('onReady', async () => {
        const date = today();
        await app.db.transaction((tx) =>
          app.jobs.enqueue(tx, { kind: SNAPSHOT_JOB, payload: { date }, dedupeKey: `${SNAPSHOT_JOB}:${date}` }),
        );
        app.jobs.wake();
      });
    await app.register(riskRoutes);
  },
  { name: 'risk', dependencies: ['jobs'] },
);
