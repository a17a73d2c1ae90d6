/**
 * npm run bench:reports — MIFID2 in each of BENCH_FORMATS (default JSON, XML (MiFIR auth.016), CSV,
 * XBRL) for BENCH_TRADES trades (default 100,000) through the real path: POST
 * /api/compliance/reports/generate, the durable job, keyset pages from the database, the streaming
 * writers, SHA-256 and the stored files.
 *
 * Setup (this process): a database with the demo seed, N fills between two organisations dated
 * yesterday (bulk-inserted as fixtures: the engine's own throughput is bench:orders' subject), and
 * the surveillance cursors drained over them (timed and printed, so a scan of the fixture trades
 * does not run inside a report's measurement). Every report then runs in a freshly started server
 * process of its own (same code path as `main.ts`: prepareDatabase, buildApp), so every format's
 * memory is measured from the same state — a server that has started and done nothing else:
 *   - time = request to job completed (wall clock),
 *   - CPU = the server process's user + system time over that interval (PGlite runs inside it; on
 *     PostgreSQL the database backends' CPU is given separately from /proc),
 *   - RSS growth = the kernel's peak RSS (VmHWM, reset just before the request) minus the RSS
 *     just before the request (after two full GCs).
 * The machine is shared: compare wall times only within one run; CPU per record is steadier.
 *
 * Env: BENCH_TRADES, BENCH_FORMATS, BENCH_ROUNDS (default 1: formats are repeated round-robin),
 * BENCH_PG_URL = a PostgreSQL server URL (a fresh database is created in it and dropped at the
 * end; PGlite with a data directory otherwise). Targets (issue 11): < 10 s and < 200 MB each.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp, prepareDatabase } from '../apps/server/src/app';
import { createDb } from '../apps/server/src/db/client';
import type { Config } from '../apps/server/src/config';
import { testConfig } from '../apps/server/src/test/harness';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/users';
import { CLOCK_TICKS, freshDatabase, postgresTicks, startCpuProfile } from './processes';

type Format = 'JSON' | 'XML' | 'CSV' | 'XBRL';
const TRADES = Number(process.env.BENCH_TRADES ?? 100_000);
const FORMATS = (process.env.BENCH_FORMATS ?? 'JSON,XML,CSV,XBRL').split(',') as Format[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const TEST_ORIGIN = 'http://localhost:5000';
const SELF = fileURLToPath(import.meta.url);
/** Status polls while a report runs: 5x the /compliance page's rate (1 s), for 0.2 s resolution. */
const POLL_MS = 200;

interface ChildResult {
  format: Format;
  seconds: number;
  cpuSeconds: number;
  postgresCpuSeconds: number | null;
  records: number;
  fileSize: number;
  rssBefore: number;
  rssGrowth: number;
  loadStart: number;
  loadEnd: number;
  /** CPU-seconds per second of the same server idle just before the request. */
  idleCpuPerSecond: number;
  /** Peaks of V8's heap in use and of memory outside it (Buffers), sampled every 50 ms. */
  peakHeapUsed: number;
  peakExternal: number;
}

function benchConfig(databaseUrl: string | undefined, dataDir: string): Config {
  return testConfig({ databaseUrl, dataDir });
}

async function startServer(databaseUrl: string | undefined, dataDir: string) {
  const config = benchConfig(databaseUrl, dataDir);
  const database = await createDb({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir });
  await prepareDatabase(database, config);
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The report day: yesterday (UTC), a closed period, as a T+1 report would be. */
const reportDay = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function setup(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const server = await startServer(databaseUrl, dataDir);
  try {
    let started = performance.now();
    await insertTrades(server.app.db, reportDay());
    console.log(`fixtures: ${TRADES} trades inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const cpu = process.cpuUsage();
    let judged = 0;
    for (let n; (n = await server.app.surveillance.runNow()) > 0;) judged += n;
    const used = process.cpuUsage(cpu);
    console.log(
      `surveillance drained over the fixtures before timing: ${judged} trade judgements (3 rule groups) in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s, ${((used.user + used.system) / 1e6).toFixed(1)} CPU-s`,
    );
  } finally {
    await server.close();
  }
}

function rssOf(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(match![1]) * 1024;
}

/** Child: start a server on the prepared database, generate one report, print the figures. */
async function child(format: Format, databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const server = await startServer(databaseUrl, dataDir);
  const { app } = server;
  try {
    const cookie = await signIn(app, 'regulator@meridian.test');
    const day = reportDay();
    await new Promise((r) => setTimeout(r, 1_000)); // start-up passes (jobs, surveillance) settle
    // The idle server's own CPU (timers: job poll, lease heartbeat, surveillance poll) for scale.
    const idleCpu = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = process.cpuUsage(idleCpu);
    const idleCpuPerSecond = (idle.user + idle.system) / 1e6 / 2;
    global.gc!();
    global.gc!();
    const rssBefore = rssOf('VmRSS');
    writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
    const pgDatabase = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
    const pgTicks = pgDatabase ? postgresTicks(pgDatabase) : 0;
    const stopProfile = process.env.BENCH_CPU_PROFILE ? await startCpuProfile() : null;
    const loadStart = loadavg()[0]!;
    let peakHeapUsed = 0;
    let peakExternal = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeapUsed = Math.max(peakHeapUsed, m.heapUsed);
      peakExternal = Math.max(peakExternal, m.external);
    }, 50);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/compliance/reports/generate',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { reportType: 'MIFID2', reportPeriod: 'daily', periodStart: day, periodEnd: day, fileFormat: format },
    });
    if (res.statusCode !== 202) throw new Error(res.body);
    let report;
    for (;;) {
      report = (await app.inject({ url: `/api/compliance/reports/${res.json().id}`, headers: { cookie } })).json();
      if (report.status === 'completed' || report.status === 'failed') break;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    const peak = rssOf('VmHWM');
    if (stopProfile)
      await stopProfile(join(process.env.BENCH_CPU_PROFILE!, `reports-${format}-${process.pid}.cpuprofile`));
    if (report.status !== 'completed') throw new Error(report.failureReason);
    const result: ChildResult = {
      format,
      seconds,
      cpuSeconds: (used.user + used.system) / 1e6,
      postgresCpuSeconds: pgDatabase ? (postgresTicks(pgDatabase) - pgTicks) / CLOCK_TICKS : null,
      records: report.recordCount,
      fileSize: report.fileSize,
      rssBefore,
      rssGrowth: peak - rssBefore,
      loadStart,
      loadEnd: loadavg()[0]!,
      idleCpuPerSecond,
      peakHeapUsed,
      peakExternal,
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await server.close();
  }
}

function runChild(format: Format, databaseUrl: string | undefined, dataDir: string): ChildResult {
  const out = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', SELF], {
    env: {
      ...process.env,
      BENCH_CHILD_FORMAT: format,
      BENCH_CHILD_DB: databaseUrl ?? '',
      BENCH_CHILD_DIR: dataDir,
    },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = out.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (out.status !== 0 || !line) throw new Error(`report child (${format}) failed:\n${out.stdout}\n${out.stderr}`);
  return JSON.parse(line.slice('RESULT '.length)) as ChildResult;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-reports-'));
  const pg = process.env.BENCH_PG_URL ? await freshDatabase(process.env.BENCH_PG_URL, 'bench_reports') : null;
  try {
    console.log(
      `bench:reports — MIFID2, ${TRADES} trades (both sides reported: ${2 * TRADES} transactions), ` +
        `${pg ? `PostgreSQL (${pg.name})` : 'PGlite (data directory)'}, ${cpus().length} × ${cpus()[0]?.model}, ` +
        `node ${process.version}, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')}`,
    );
    await setup(pg?.url, dataDir);
    console.log(
      'format | time s | server CPU s | idle server CPU s/s | PostgreSQL CPU s | CPU µs/record | records | file MB | RSS before MB | RSS growth MB | heap used peak MB | external peak MB | load',
    );
    for (let round = 0; round < ROUNDS; round++)
      for (const format of FORMATS) {
        const r = runChild(format, pg?.url, dataDir);
        console.log(
          [
            format,
            r.seconds.toFixed(2),
            r.cpuSeconds.toFixed(2),
            r.idleCpuPerSecond.toFixed(3),
            r.postgresCpuSeconds === null ? '-' : r.postgresCpuSeconds.toFixed(2),
            ((r.cpuSeconds * 1e6) / r.records).toFixed(1),
            r.records,
            (r.fileSize / 1e6).toFixed(1),
            (r.rssBefore / 1e6).toFixed(0),
            (r.rssGrowth / 1e6).toFixed(0),
            (r.peakHeapUsed / 1e6).toFixed(0),
            (r.peakExternal / 1e6).toFixed(0),
            `${r.loadStart.toFixed(1)}-${r.loadEnd.toFixed(1)}`,
          ].join(' | '),
        );
      }
  } finally {
    await pg?.drop();
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

/**
 * One seeded instrument, a buy and a sell order filled by N fills between two organisations'
 * users on `day`, 200 ms apart from 09:00 UTC (filled, so the books load cleanly on restart).
 */
async function insertTrades(db: Awaited<ReturnType<typeof createDb>>['db'], day: string) {
  let filled = 0;
  for (let n = 1; n <= TRADES; n++) filled += 1 + (n % 7);
  await db.execute(sql`
    with i as (select id from instruments order by created_at limit 1),
         b as (select id from users where email = 'investor@meridian.test'),
         s as (select id from users where email = 'marketmaker@meridian.test'),
         orders_in as (
           insert into orders (id, user_id, instrument_id, side, type, time_in_force, price, quantity, filled_quantity, status, created_at, updated_at)
           select gen_random_uuid(), (select id from b), (select id from i), 'buy', 'limit', 'GTC', 10000, ${filled}::bigint, ${filled}::bigint, 'filled',
                  ${day}::timestamptz + interval '9 hours', ${day}::timestamptz + interval '9 hours'
           union all
           select gen_random_uuid(), (select id from s), (select id from i), 'sell', 'limit', 'GTC', 10000, ${filled}::bigint, ${filled}::bigint, 'filled',
                  ${day}::timestamptz + interval '9 hours', ${day}::timestamptz + interval '9 hours'
           returning id, side)
    insert into trades (id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity, created_at)
    select gen_random_uuid(), (select id from i), (select id from orders_in where side = 'buy'),
           (select id from orders_in where side = 'sell'), (select id from b), (select id from s),
           case when n % 2 = 0 then 'buy' else 'sell' end, 10000 + (n % 50), 1 + (n % 7),
           ${day}::timestamptz + interval '9 hours' + n * interval '200 milliseconds'
    from generate_series(1, ${TRADES}::int) as n`);
}

const childFormat = process.env.BENCH_CHILD_FORMAT as Format | undefined;
(childFormat
  ? child(childFormat, process.env.BENCH_CHILD_DB || undefined, process.env.BENCH_CHILD_DIR!)
  : main()
).catch((error) => {
  console.error(error);
  process.exit(1);
});
