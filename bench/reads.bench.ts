/**
 * npm run bench:reads — CPU per request of the read endpoints as the trade history grows
 * (issue 16 item 8: flat from 0 to 1,000,000 trades, within 5x of the order-book endpoint).
 *
 * On a fresh PostgreSQL database (BENCH_PG_URL, default the local test server) with the demo
 * seed, trades are bulk-inserted by generate_series straight into the tables, consistent with
 * the ledger: every trade has its two filled orders' share, a settlement and a DvP journal
 * entry (four lines); the measured investor alternately buys and sells one unit at the same
 * price, so each pair nets to zero and every balance still equals the sum of its lines. The
 * trades go back in time from now, 1,000,000 of them spanning BENCH_DAYS (default 365; fixed spacing,
 * so the first trades, those checked against the rebuild, stay newer than the demo seed's): each level
 * adds older history while the last 24 hours keep the same trades. Where the read models of
 * drizzle/0026 exist, the first BENCH_CHECK (default 1000) trades go in through their insert
 * triggers and read_models_rebuild() must then leave every read-model row as it was; the rest
 * load with those triggers disabled (in this scratch database only) and one set-based
 * read_models_rebuild() (drizzle/0031) follows each level.
 *
 * At each level (BENCH_LEVELS, default 0,100000,1000000 trades) it measures, through the
 * whole request path (app.inject), BENCH_REQUESTS (default 200) requests of each endpoint
 * (the order book first, as the baseline of issue 16 item 8's "within 5x"):
 * CPU of this process (Node, the server's event loop) per request from process.cpuUsage and
 * CPU of the database's backends from /proc ticks.
 *
 * BENCH_SERVER_ROOT points at another checkout's root to measure its server (the "before").
 * BENCH_DB=<name> uses (creating it if missing) and keeps that database instead of a fresh one:
 * the trades already loaded there count towards the levels, so the 1,000,000-trade history can be
 * loaded once (with BENCH_REQUESTS=0: load only, no measurement) and measured later.
 * BENCH_ACCEPT_ENCODING=<header> sends that Accept-Encoding with every request (a browser sends
 * "gzip, deflate, br, zstd"); default none, so answers go uncompressed as in the earlier runs.
 * BENCH_PROFILE=<dir> writes a V8 CPU profile of each endpoint's measured requests per level there
 * (after the figures are taken: profiling itself costs CPU).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { freshDatabase, load, postgresTicks, usPer } from './processes';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LEVELS = (process.env.BENCH_LEVELS ?? '0,100000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const CHUNK = 100_000;
/** Trades loaded through the read models' triggers, to check the rebuild against them. */
const CHECK = Number(process.env.BENCH_CHECK ?? 1000);
const READ_MODEL_TRIGGERS = [
  ['trades', 'trades_read_models'],
  ['journal_lines', 'journal_lines_read_models'],
] as const;
const ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? new URL('..', import.meta.url).pathname);
const ORIGIN = 'http://localhost:5000';
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** Idle time over which the app's background CPU is measured at each level. */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const KEPT_DB = process.env.BENCH_DB;
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
/** Idempotency keys that mark the bench's four bulk orders (found again in a kept database). */
const BULK_ORDER_KEY = 'bench-reads-bulk';

/** A named database, created when missing and never dropped. */
async function keptDatabase(serverUrl: string, name: string) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database "${name}"`);
  await admin.end({ timeout: 5 });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => {} };
}

const load$ = (path: string) => import(pathToFileURL(resolve(ROOT, path)).href);

async function main() {
  const { buildApp, prepareDatabase } = await load$('apps/server/src/app.ts');
  const { createDb, selectRows } = await load$('apps/server/src/db/client.ts');
  const { DEMO_PASSWORD } = await load$('apps/server/src/db/seed/users.ts');
  const { sql } = await import('drizzle-orm');
  const db0 = KEPT_DB ? await keptDatabase(PG_URL, KEPT_DB) : await freshDatabase(PG_URL, 'bench_reads');
  const database = await createDb({ databaseUrl: db0.url });
  const config = {
    nodeEnv: 'test',
    port: 5000,
    host: '127.0.0.1',
    publicUrl: ORIGIN,
    trustedOrigins: [],
    databaseUrl: db0.url,
    dataDir: undefined,
    demoMode: true,
    simulationMode: true,
    logLevel: 'silent',
    authSecret: 'bench-secret-bench-secret-bench-secret-01',
    oidc: undefined,
    webDistDir: undefined,
    trustProxy: false,
    signInRateLimit: { max: 1000, windowMs: 60_000 },
  };
  await prepareDatabase(database, config);
  const app = await buildApp(config, { database });
  await app.ready();
  const db = app.db;
  const hasReadModels =
    (await selectRows(db, sql`select 1 from pg_proc where proname = 'read_models_rebuild'`)).length > 0;
  try {
    const sign = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'investor@meridian.test', password: DEMO_PASSWORD },
    });
    const cookie = sign.cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`).join('; ');
    const [ids] = await selectRows(
      db,
      sql`select (select id from users where email = 'investor@meridian.test')::text as investor,
        (select id from users where email = 'investor2@meridian.test')::text as other,
        (select i.id from instruments i join users u on u.id = i.issuer_user_id
          where i.currency = 'USD' and i.contract_type = 'PAM' and u.email not in ('investor@meridian.test', 'investor2@meridian.test')
          order by i.created_at limit 1)::text as instrument`,
    );
    const { investor, other, instrument } = ids as Record<string, string>;
    // Ledger accounts of both parties (created by the demo seed or here).
    const account = async (userId: string) => {
      const code = `user:${userId}`;
      const [row] = await selectRows(db, sql`select id::text as id from ledger_accounts where code = ${code}`);
      if (row) return (row as { id: string }).id;
      throw new Error(`no ledger account ${code}`);
    };
    const [investorAccount, otherAccount] = [await account(investor), await account(other)];
    // Four filled orders carry every bulk trade: investor buy/sell, other buy/sell.
    // Created before the first bulk trade (quantities set to the trades' sums after each level).
    let orderIds: { id: string; user_id: string; side: string }[] = [];
    const createOrders = async () =>
      (orderIds = await selectRows(
        db,
        sql`insert into orders (id, user_id, instrument_id, side, type, time_in_force, price, quantity, filled_quantity, filled_value, status, idempotency_key)
        select gen_random_uuid(), u, ${instrument}::uuid, s, 'limit', 'GTC', 10000, 1, 1, 10000, 'filled', ${BULK_ORDER_KEY} || '-' || s
        from (values (${investor}::uuid, 'buy'), (${investor}::uuid, 'sell'), (${other}::uuid, 'buy'), (${other}::uuid, 'sell')) v(u, s)
        returning id::text as id, user_id::text as user_id, side`,
      ));
    const orderOf = (user: string, side: string) => orderIds.find((o) => o.user_id === user && o.side === side)!.id;

    /** Bulk trades k in [from, to): trade k at now - k x spacing (1,000,000 trades span DAYS), so each
     * level adds older history while the last 24 hours stay the same. Even k: the investor buys one
     * unit, odd k: sells it back. */
    const insertTrades = async (from: number, to: number) => {
      if (orderIds.length === 0) await createOrders();
      await db.execute(sql`with g as (
          select k, gen_random_uuid() as trade_id, gen_random_uuid() as entry_id,
            now() - make_interval(secs => ${(DAYS * 86_400) / 1_000_000}::float8 * k) as at,
            10000 + (k % 50) as price, k % 2 = 0 as investor_buys
          from generate_series(${from}::bigint, ${to - 1}::bigint) k),
        t as (insert into trades (id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity, created_at)
          select trade_id, ${instrument}::uuid,
            case when investor_buys then ${orderOf(investor, 'buy')}::uuid else ${orderOf(other, 'buy')}::uuid end,
            case when investor_buys then ${orderOf(other, 'sell')}::uuid else ${orderOf(investor, 'sell')}::uuid end,
            case when investor_buys then ${investor}::uuid else ${other}::uuid end,
            case when investor_buys then ${other}::uuid else ${investor}::uuid end,
            'buy', price, 1, at from g),
        e as (insert into journal_entries (id, kind, reference, created_at)
          select entry_id, 'trade', 'trade:' || trade_id, at from g),
        s as (insert into settlements (id, trade_id, journal_entry_id, status, currency, cash_amount, units, created_at, settled_at)
          select gen_random_uuid(), trade_id, entry_id, 'completed', 'USD', price, 1, at, at from g)
        insert into journal_lines (entry_id, account_id, asset_type, asset, amount)
        select entry_id, a, ty, asset, amt from g cross join lateral (values
          (case when investor_buys then ${investorAccount}::uuid else ${otherAccount}::uuid end, 'cash', 'USD', -price),
          (case when investor_buys then ${otherAccount}::uuid else ${investorAccount}::uuid end, 'cash', 'USD', price),
          (case when investor_buys then ${otherAccount}::uuid else ${investorAccount}::uuid end, 'units', ${instrument}, -1::bigint),
          (case when investor_buys then ${investorAccount}::uuid else ${otherAccount}::uuid end, 'units', ${instrument}, 1::bigint)
        ) l(a, ty, asset, amt)`);
    };
    /** Every read-model row, as one text. */
    const readModels = async () => {
      const [row] = await selectRows<{ all: string }>(
        db,
        sql`select concat_ws('|', (select json_agg(s order by instrument_id) from instrument_trade_stats s),
          (select json_agg(h order by instrument_id, hour) from instrument_trade_hours h),
          (select json_agg(c order by user_id, instrument_id) from user_trade_counts c),
          (select json_agg(p order by account_id, instrument_id) from account_positions p)) as all`,
      );
      return row!.all;
    };
    let checked = false;

    let have = 0;
    if (KEPT_DB) {
      // A kept database: its bulk orders and trades (checked against the triggers when loaded).
      orderIds = await selectRows(
        db,
        sql`select id::text as id, user_id::text as user_id, side from orders where idempotency_key like ${`${BULK_ORDER_KEY}-%`}`,
      );
      if (orderIds.length > 0) {
        const buys = `{${orderIds
          .filter((o) => o.side === 'buy')
          .map((o) => o.id)
          .join(',')}}`;
        const [row] = await selectRows<{ n: string }>(
          db,
          sql`select count(*)::text as n from trades where buy_order_id = any(${buys}::uuid[])`,
        );
        have = Number(row!.n);
        checked = have > 0;
      }
      console.log(`kept database ${KEPT_DB}: ${have} bulk trades already loaded`);
    }
    const endpoints = [
      ['GET /api/instruments/:id/orderbook (baseline)', `/api/instruments/${instrument}/orderbook`],
      ['GET /api/instruments', '/api/instruments'],
      ['GET /api/market-data', '/api/market-data'],
      ['GET /api/portfolio/analytics', '/api/portfolio/analytics'],
      ['GET /api/fx/rates', '/api/fx/rates'],
    ] as const;
    console.log(
      `bench:reads — PostgreSQL, ${hasReadModels ? 'read models (drizzle/0026)' : 'no read models (before)'}, ` +
        `${ROOT}, ${cpus().length} × ${cpus()[0]?.model}, ${REQUESTS} requests per endpoint after ${WARMUP}, 1,000,000 trades over ${DAYS} days` +
        (ACCEPT_ENCODING ? `, Accept-Encoding: ${ACCEPT_ENCODING}` : ''),
    );
    for (const level of LEVELS) {
      const started = performance.now();
      if (have < level && hasReadModels && !checked) {
        // The read models a rebuild makes must be those the insert triggers keep: the first
        // CHECK trades go in through the triggers (one statement, so in time order), then the
        // rebuild must leave every read-model row as it was.
        const n = Math.min(CHECK, level - have);
        await insertTrades(have, have + n);
        have += n;
        const kept = await readModels();
        await db.execute(sql`select read_models_rebuild()`);
        if ((await readModels()) !== kept) throw new Error('read_models_rebuild() differs from what the triggers kept');
        console.log(`read models after ${n} trades through the triggers = read_models_rebuild(): checked`);
        checked = true;
      }
      if (have < level) {
        // The bulk of the history with the read models' insert triggers off (this scratch
        // database only), then one set-based rebuild: through the position trigger a trade
        // costs ~8 ms, so 1,000,000 would take hours.
        const triggers = hasReadModels ? READ_MODEL_TRIGGERS : [];
        for (const [table, trigger] of triggers)
          await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
        try {
          while (have < level) {
            const n = Math.min(CHUNK, level - have);
            await insertTrades(have, have + n);
            have += n;
          }
        } finally {
          for (const [table, trigger] of triggers)
            await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
        }
        if (hasReadModels) {
          // The loaded tables' sizes as the planner will read them, taken once the load has
          // committed (primary keys only, as the app's PlannerStatistics does, decision 0086):
          // its 5 s tick can ANALYZE a table while a chunk is still being inserted, which counts
          // only the committed rows over the pages the chunk already filled (journal_lines:
          // 4,302 rows over 734 pages), and a rebuild planned on that ran for minutes, not seconds.
          await db.execute(sql`analyze trades (id), journal_entries (id), journal_lines (id), settlements (id)`);
          const rebuild = performance.now();
          await db.execute(sql`select read_models_rebuild()`);
          console.log(`read_models_rebuild() in ${((performance.now() - rebuild) / 1000).toFixed(1)} s`);
        }
      }
      if (level > 0)
        await db.execute(sql`update orders o set quantity = q, filled_quantity = q, filled_value = v
          from (select buy_order_id as id, sum(quantity) q, sum(price * quantity) v from trades where buy_order_id = any(${`{${orderIds.map((o: { id: string }) => o.id).join(',')}}`}::uuid[]) group by 1
                union all select sell_order_id, sum(quantity), sum(price * quantity) from trades where sell_order_id = any(${`{${orderIds.map((o: { id: string }) => o.id).join(',')}}`}::uuid[]) group by 1) f
          where o.id = f.id`);
      const loadSeconds = (performance.now() - started) / 1000;
      const [count] = await selectRows(db, sql`select count(*)::int as n from trades`);
      console.log(
        `\n${(count as { n: number }).n} trades in the database (${level} bulk; loaded in ${loadSeconds.toFixed(1)} s); load ${load()}`,
      );
      // The app's background work (job pollers, leases, surveillance scans) costs CPU per second of
      // wall time, whatever the requests: measured idle here, it is subtracted from each endpoint
      // (rate x its wall time) in the "net" figures; on a loaded machine wall times, and so the
      // share of background in the raw figures, grow.
      const idlePg0 = postgresTicks(db0.name);
      const idleCpu0 = process.cpuUsage();
      const idleWall0 = performance.now();
      await new Promise((done) => setTimeout(done, IDLE_MS));
      const idleWall = performance.now() - idleWall0;
      const idleCpu = process.cpuUsage(idleCpu0);
      const nodePerMs = (idleCpu.user + idleCpu.system) / idleWall;
      const pgPerMs = usPer(postgresTicks(db0.name) - idlePg0, 1) / idleWall;
      console.log(
        `  background (idle ${(idleWall / 1000).toFixed(1)} s): node ${(nodePerMs * 1000).toFixed(0)} µs/s, PostgreSQL ${(pgPerMs * 1000).toFixed(0)} µs/s`,
      );
      let baseline = 0;
      let baselineNet = 0;
      for (const [name, url] of REQUESTS > 0 ? endpoints : []) {
        const once = async () => {
          const headers = ACCEPT_ENCODING ? { cookie, 'accept-encoding': ACCEPT_ENCODING } : { cookie };
          const res = await app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        };
        for (let i = 0; i < WARMUP; i++) await once();
        const pg0 = postgresTicks(db0.name);
        const cpu0 = process.cpuUsage();
        const wall0 = performance.now();
        for (let i = 0; i < REQUESTS; i++) await once();
        const cpu = process.cpuUsage(cpu0);
        const wall = (performance.now() - wall0) / REQUESTS;
        const pg = usPer(postgresTicks(db0.name) - pg0, REQUESTS);
        const node = (cpu.user + cpu.system) / REQUESTS;
        const net = Math.max(0, node - nodePerMs * wall) + Math.max(0, pg - pgPerMs * wall);
        // The first endpoint is the order book: the others as multiples of its CPU (Node + PostgreSQL).
        baseline ||= node + pg;
        baselineNet ||= net;
        console.log(
          `  ${name.padEnd(46)} node ${node.toFixed(0).padStart(6)} µs/req, ` +
            `PostgreSQL ${pg.toFixed(0).padStart(6)} µs/req, wall ${wall.toFixed(2)} ms/req, ` +
            `${((node + pg) / baseline).toFixed(1)}x the order book; net of background ${net.toFixed(0)} µs/req, ` +
            `${(net / baselineNet).toFixed(1)}x`,
        );
        if (PROFILE_DIR) {
          mkdirSync(PROFILE_DIR, { recursive: true });
          const session = new Session();
          session.connect();
          await session.post('Profiler.enable');
          await session.post('Profiler.start');
          for (let i = 0; i < REQUESTS; i++) await once();
          const { profile } = await session.post('Profiler.stop');
          session.disconnect();
          const file = `${PROFILE_DIR}/${level}-${name.replace(/[^a-z]+/gi, '_')}.cpuprofile`;
          writeFileSync(file, JSON.stringify(profile));
        }
      }
    }
  } finally {
    await app.close();
    await database.close();
    await db0.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
