/**
 * npm run bench:reports — MIFID2 in each of BENCH_FORMATS (default JSON, XML (MiFIR auth.016), CSV,
 * XBRL) for BENCH_TRADES trades (default 100,000) through the real path: POST /api/compliance/reports/generate, the durable job,
 * keyset pages from the database, the streaming writers, SHA-256 and the stored files.
 * Time = request to job completed; RSS growth = peak RSS sampled every 20 ms while the report
 * runs minus RSS just before it. Trades are bulk-inserted as fixtures (two resting orders, N
 * fills between two organisations) because the engine's own throughput is bench:orders'
 * subject, not this one's. Database: embedded PGlite (the default) unless BENCH_PG_URL is set.
 * Targets (issue 11): < 10 s and < 200 MB RSS growth each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, prepareDatabase } from '../apps/server/src/app';
import { createDb } from '../apps/server/src/db/client';
import type { Config } from '../apps/server/src/config';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/users';

const TRADES = Number(process.env.BENCH_TRADES ?? 100_000);
/** Formats to time, in order (default all four: issue 11 asks for time and memory per format). */
const FORMATS = (process.env.BENCH_FORMATS ?? 'JSON,XML,CSV,XBRL').split(',') as ('JSON' | 'XML' | 'CSV' | 'XBRL')[];
const PG_URL = process.env.BENCH_PG_URL;
const TEST_ORIGIN = 'http://localhost:5000';

function benchConfig(dataDir: string): Config {
  return {
    nodeEnv: 'test',
    port: 5000,
    host: '127.0.0.1',
    publicUrl: TEST_ORIGIN,
    trustedOrigins: [],
    databaseUrl: PG_URL,
    dataDir,
    demoMode: true,
    simulationMode: true,
    logLevel: 'silent',
    authSecret: 'bench-secret-bench-secret-bench-secret-01',
    oidc: undefined,
    webDistDir: undefined,
    trustProxy: false,
    signInRateLimit: { max: 1000, windowMs: 60_000 },
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-reports-'));
  const config = benchConfig(dataDir);
  const database = await createDb({ databaseUrl: PG_URL, dataDir: PG_URL ? undefined : dataDir });
  await prepareDatabase(database, config);
  const app = await buildApp(config, { database });
  await app.ready();
  try {
    await insertTrades(app.db);
    const cookie = await signIn(app, 'regulator@meridian.test');
    const periodStart = new Date().toISOString().slice(0, 10);
    console.log(`bench:reports — ${TRADES} trades, ${database.kind}, ${cpus().length} × ${cpus()[0]?.model}`);
    for (const fileFormat of FORMATS) {
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/compliance/reports/generate',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { reportType: 'MIFID2', reportPeriod: 'daily', periodStart, periodEnd: periodStart, fileFormat },
      });
      if (res.statusCode !== 202) throw new Error(res.body);
      let report;
      for (;;) {
        report = (await app.inject({ url: `/api/compliance/reports/${res.json().id}`, headers: { cookie } })).json();
        if (report.status === 'completed' || report.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      if (report.status !== 'completed') throw new Error(report.failureReason);
      console.log(
        `MIFID2 ${fileFormat}: ${seconds.toFixed(2)} s, ${report.recordCount} records, ` +
          `${(report.fileSize / 1e6).toFixed(1)} MB, RSS growth ${((peak - baseline) / 1e6).toFixed(0)} MB ` +
          `(${Math.round(report.recordCount / seconds)} records/s), load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password: DEMO_PASSWORD },
  });
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** One seeded instrument, a resting sell and buy order, and N fills between two organisations' users. */
async function insertTrades(db: Awaited<ReturnType<typeof createDb>>['db']) {
  await db.execute(sql`
    with i as (select id from instruments order by created_at limit 1),
         b as (select id from users where email = 'investor@meridian.test'),
         s as (select id from users where email = 'marketmaker@meridian.test'),
         orders_in as (
           insert into orders (id, user_id, instrument_id, side, type, time_in_force, price, quantity, status)
           select gen_random_uuid(), (select id from b), (select id from i), 'buy', 'limit', 'GTC', 10000, ${TRADES * 10}::bigint, 'open'
           union all
           select gen_random_uuid(), (select id from s), (select id from i), 'sell', 'limit', 'GTC', 10000, ${TRADES * 10}::bigint, 'open'
           returning id, side)
    insert into trades (id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity)
    select gen_random_uuid(), (select id from i), (select id from orders_in where side = 'buy'),
           (select id from orders_in where side = 'sell'), (select id from b), (select id from s),
           case when n % 2 = 0 then 'buy' else 'sell' end, 10000 + (n % 50), 1 + (n % 7)
    from generate_series(1, ${TRADES}::int) as n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
