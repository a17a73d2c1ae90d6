/**
 * npm run bench:orders — orders per second and latency of POST /api/orders end to end:
 * HTTP on 127.0.0.1, session + permission checks, the instrument's serial queue,
 * matching, and the commit of orders/trades/journal/settlements/balances. The load comes
 * from wrk (C, one thread; `apt-get install -y wrk`), which costs the shared cores about
 * a fifth of what a Node client does. Method and figures in docs/benchmarks.md. Env:
 * BENCH_SECONDS (per run, default 6), BENCH_RUNS (per HTTP level, default 3; the run with the
 * median throughput is reported, all runs' figures are listed), BENCH_ORDERS (in-process row, default 20000),
 * BENCH_CLIENTS (1,16,64), BENCH_PG_URL (default the local test server), BENCH_BACKENDS
 * (pglite,postgres), BENCH_TRANSPORT (http,ws,ws-orders: `ws` adds, per database and level, the
 * same order stream placed over the authenticated WebSocket's order entry by orders-ws-client.mjs,
 * each transport on its own fresh database and server,
 * a separate Node process, each connection one `place` in flight, like wrk's connections, each
 * receiving the whole market feed; `ws-orders` the same on `/api/stream?feed=orders`, own order
 * frames and answers only).
 * Profiling: BENCH_PROFILE=<dir> writes a V8 CPU profile of each measured level of the order
 * path (`<database>-<transport>-<clients>.cpuprofile`, the server runs in this process);
 * BENCH_BARE=0 skips the bare-POST baseline.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { users } from '../apps/server/src/db/schema';
import { placeOrderSchema } from '@meridian/schemas';
import Fastify, { type FastifyInstance } from 'fastify';
import { cpuTicks, postgresTicks, startCpuProfile, usPer } from './processes';
// @ts-expect-error -- plain JavaScript module shared with the wrk script's order stream
import { nextOrder, random } from './orders-workload.mjs';
import {
  BASE,
  ORIGIN,
  pgliteBackend,
  postgresBackend,
  prepareMarket,
  signIn,
  startServer,
  TRADERS,
  type Backend,
} from './orders-setup';

const MAX_ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const MAX_SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LEVELS = (process.env.BENCH_CLIENTS ?? '1,16,64').split(',').map(Number);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const BARE_PORT = 5105;
const BARE_BASE = `http://127.0.0.1:${BARE_PORT}`;
const WRK_SCRIPT = fileURLToPath(new URL('./orders.lua', import.meta.url));
const WS_CLIENT = fileURLToPath(new URL('./orders-ws-client.mjs', import.meta.url));
const TRANSPORTS = (process.env.BENCH_TRANSPORT ?? 'http,ws,ws-orders').split(',');
type Transport = 'http' | 'ws' | 'ws-orders';

interface LevelResult {
  clients: number;
  orders: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  /** orders/s of every run of the level, when it was run several times. */
  runs?: number[];
  /** CPU of this process's main thread (the server's event loop) per request, us (the median run's). */
  mainUs?: number;
  /** The same, less the idle server's main-thread CPU over the level's duration (its timers). */
  mainNetUs?: number;
  /** CPU of the database's backends per request, us (PostgreSQL only; PGlite runs on the main thread). */
  pgUs?: number;
  /** Transactions (one per statement outside an explicit transaction) committed per request. */
  statementsPerOrder?: number;
  /** WAL the whole server wrote per request, bytes (PostgreSQL only; meaningful on a quiet server). */
  walBytes?: number;
}

/**
 * Committed + rolled back transactions of a database so far (pg_stat_database), and the server's
 * WAL position in bytes (all databases: run under the exclusive lock for a per-order figure).
 */
async function transactions(database: string): Promise<{ n: number; wal: number }> {
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin<{ n: string; wal: string }[]>`select (xact_commit + xact_rollback)::text as n,
        pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as wal
      from pg_stat_database where datname = ${database}`;
    return { n: Number(row?.n ?? Number.NaN), wal: Number(row?.wal ?? Number.NaN) };
  } finally {
    await admin.end({ timeout: 5 });
  }
}

function requireWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits 1 after printing; only a missing binary is a problem.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error('bench:orders drives the server with wrk, which is not installed: apt-get install -y wrk');
      process.exit(1);
    }
  }
}

/**
 * One concurrency level: wrk with `clients` connections, one request in flight each, for
 * MAX_SECONDS; or, `transport` ws, as many WebSocket connections of orders-ws-client.mjs.
 */
async function level(
  clients: number,
  marketFile: string,
  seconds = MAX_SECONDS,
  base = BASE,
  database?: string,
  transport: Transport = 'http',
): Promise<LevelResult> {
  // The idle server's own main-thread CPU (timers: lease heartbeat, metrics, jobs) for 2 s
  // first: at a few orders per second it would otherwise dominate the per-order figure.
  const idle0 = cpuTicks(process.pid, true);
  const idleStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idlePerMs = (cpuTicks(process.pid, true) - idle0) / (performance.now() - idleStart);
  const profile = database && process.env.BENCH_PROFILE ? await startCpuProfile() : null;
  const main0 = cpuTicks(process.pid, true);
  const pg0 = database ? postgresTicks(database) : 0;
  const tx0 = database ? await transactions(database) : { n: 0, wal: 0 };
  const wrk =
    transport !== 'http'
      ? spawn(process.execPath, [
          WS_CLIENT,
          marketFile,
          String(clients),
          String(seconds),
          `${base.replace(/^http/, 'ws')}/api/stream${transport === 'ws-orders' ? '?feed=orders' : ''}`,
        ])
      : spawn('wrk', ['-t1', `-c${clients}`, `-d${seconds}s`, '--timeout', '10s', '-s', WRK_SCRIPT, base], {
          env: { ...process.env, BENCH_MARKET: marketFile },
        });
  let output = '';
  wrk.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  wrk.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const levelStart = performance.now();
  const code = await new Promise<number | null>((resolve) => wrk.on('close', resolve));
  const mainTicks = cpuTicks(process.pid, true) - main0;
  const netTicks = Math.max(0, mainTicks - idlePerMs * (performance.now() - levelStart));
  const pgTicks = database ? postgresTicks(database) - pg0 : Number.NaN;
  await profile?.(join(process.env.BENCH_PROFILE!, `${database}-${transport}-${clients}.cpuprofile`));
  // PostgreSQL publishes a backend's counters when it goes idle; give it a moment.
  if (database) await new Promise((resolve) => setTimeout(resolve, 1_200));
  const tx1 = database ? await transactions(database) : { n: Number.NaN, wal: Number.NaN };
  const line = output.split('\n').find((l) => l.startsWith('BENCH '));
  if (code !== 0 || !line)
    throw new Error(`${transport === 'http' ? 'wrk' : 'WebSocket client'} failed (exit ${code}):\n${output}`);
  const r = JSON.parse(line.slice(6)) as {
    requests: number;
    seconds: number;
    p50: number;
    p99: number;
    errors: number;
    statuses: Record<string, number>;
  };
  if (r.errors > 0) r.statuses.socketErrors = r.errors;
  return {
    clients,
    orders: r.requests,
    seconds: r.seconds,
    perSecond: r.requests / r.seconds,
    p50: r.p50,
    p99: r.p99,
    statuses: r.statuses,
    mainUs: usPer(mainTicks, r.requests),
    mainNetUs: usPer(netTicks, r.requests),
    statementsPerOrder: (tx1.n - tx0.n) / r.requests,
    walBytes: (tx1.wal - tx0.wal) / r.requests,
    pgUs: usPer(pgTicks, r.requests),
  };
}

/**
 * The baseline of the CPU target (issue 16 item 7): a bare Fastify POST in this same process,
 * same wrk script and body, JSON parsed and a small JSON answer serialised by its response
 * schema — no hooks, session, validation or database.
 */
async function bareFastify(marketFile: string): Promise<LevelResult[]> {
  const bare = Fastify();
  bare.post(
    '/api/orders',
    {
      schema: {
        response: {
          201: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } } },
        },
      },
    },
    async (_request, reply) => reply.status(201).send({ id: randomUUID(), status: 'open' }),
  );
  await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });
  try {
    await level(4, marketFile, 2, BARE_BASE); // warm-up, discarded
    const results = [];
    for (const clients of LEVELS) {
      const runs: LevelResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await level(clients, marketFile, MAX_SECONDS, BARE_BASE));
      const median = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;
      results.push({ ...median, runs: runs.map((r) => Math.round(r.perSecond)) });
    }
    return results;
  } finally {
    await bare.close();
  }
}

/**
 * The same order stream straight into the trading service (no HTTP, session or permission
 * checks): what the serial queue, matching and one-statement commits sustain on their own.
 */
async function inProcess(app: FastifyInstance, clients: number, instrumentId: string): Promise<LevelResult> {
  const userIds: string[] = [];
  for (const email of TRADERS)
    userIds.push((await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id);
  const latencies: number[] = [];
  let sent = 0;
  const deadline = performance.now() + MAX_SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const rnd = random(1000 + c);
      while (sent < MAX_ORDERS && performance.now() < deadline) {
        sent++;
        const t0 = performance.now();
        await app.trading.placeOrder(
          userIds[c % userIds.length]!,
          placeOrderSchema.parse(nextOrder(rnd, instrumentId)),
          null,
        );
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    clients,
    orders: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    statuses: { inProcess: latencies.length },
  };
}

/**
 * One transport's levels on a fresh database and server (each transport's orders start from the
 * same seeded balances: sharing one database, the later transports ran after the earlier ones had
 * used up traders' cash and holdings, and ~40% of their orders were refused); the in-process row
 * after the last transport's levels.
 */
async function run(
  backend: Backend,
  transport: Transport,
  withInProcess: boolean,
): Promise<(LevelResult & { transport?: Transport })[]> {
  const { database, dispose, dbName } = await backend.open();
  const app = await startServer(database);
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-market-'));
  try {
    const cookies = new Map<string, string>();
    for (const email of TRADERS) cookies.set(email, await signIn(email));
    const instrumentId = await prepareMarket(cookies);
    const marketFile = join(dir, 'market.json');
    writeFileSync(marketFile, JSON.stringify({ instrumentId, origin: ORIGIN, cookies: [...cookies.values()] }));
    const results: (LevelResult & { transport?: Transport })[] = [];
    await level(4, marketFile, 2, BASE, undefined, transport); // warm-up, discarded
    for (const clients of LEVELS) {
      const runs: LevelResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await level(clients, marketFile, MAX_SECONDS, BASE, dbName, transport));
      const median = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;
      results.push({ ...median, runs: runs.map((r) => Math.round(r.perSecond)), transport });
    }
    if (withInProcess) results.push(await inProcess(app, Math.max(...LEVELS), instrumentId));
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await app.close();
    await database.close();
    await dispose();
  }
}

requireWrk();
const backends: Backend[] = [];
if (BACKENDS.includes('pglite')) backends.push(pgliteBackend);
if (BACKENDS.includes('postgres')) backends.push(postgresBackend(PG_URL));
console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${MAX_SECONDS} s per HTTP level (wrk), in process up to ${MAX_ORDERS} orders or ${MAX_SECONDS} s`,
);
console.log(
  '| database | clients | orders | orders/s (median run) | p50 | p99 | all runs, orders/s | main thread us/order | net of idle, us/order | PostgreSQL us/order | transactions/order | WAL bytes/order | statuses |',
);
console.log('|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|');
const ms = (v: number) => `${v.toFixed(1)} ms`;
const us = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '-' : `${Math.round(v)}`);
const row = (name: string, r: LevelResult) =>
  console.log(
    `| ${name} | ${r.clients} | ${r.orders} | ${Math.round(r.perSecond).toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.runs?.join(', ') ?? '-'} | ${us(r.mainUs)} | ${us(r.mainNetUs)} | ${us(r.pgUs)} | ${r.statementsPerOrder === undefined || Number.isNaN(r.statementsPerOrder) ? '-' : r.statementsPerOrder.toFixed(2)} | ${us(r.walBytes)} | ${JSON.stringify(r.statuses)} |`,
  );
const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-bare-'));
const bareFile = join(dir, 'market.json');
writeFileSync(bareFile, JSON.stringify({ instrumentId: randomUUID(), origin: ORIGIN, cookies: ['a=b'] }));
// BENCH_BARE=0 skips the baseline (e.g. to profile the order path alone with --cpu-prof).
const bare = process.env.BENCH_BARE === '0' ? [] : await bareFastify(bareFile);
rmSync(dir, { recursive: true, force: true });
for (const r of bare) row('bare Fastify POST (no database)', r);
const mainByClients = new Map(bare.map((r) => [r.clients, r.mainUs ?? Number.NaN]));
const netByClients = new Map(bare.map((r) => [r.clients, r.mainNetUs ?? Number.NaN]));
const ratios: string[] = [];
const transports = (['http', 'ws', 'ws-orders'] as const).filter((t) => TRANSPORTS.includes(t));
for (const backend of backends) {
  const results: (LevelResult & { transport?: Transport })[] = [];
  for (const transport of transports)
    results.push(...(await run(backend, transport, transport === transports[transports.length - 1])));
  for (const r of results) {
    const inProcess = 'inProcess' in r.statuses;
    const ws =
      r.transport === 'ws'
        ? ' — WebSocket order entry'
        : r.transport === 'ws-orders'
          ? ' — WebSocket order entry, feed=orders'
          : '';
    row(`${backend.name}${inProcess ? ' — in process, no HTTP' : ws}`, r);
    if (!inProcess && r.mainUs !== undefined && mainByClients.has(r.clients))
      ratios.push(
        `${backend.name}${ws}, ${r.clients} clients: ${(r.mainUs / mainByClients.get(r.clients)!).toFixed(2)}x the bare POST's main-thread CPU per request (net of idle: ${(r.mainNetUs! / netByClients.get(r.clients)!).toFixed(2)}x)`,
      );
  }
}
for (const line of ratios) console.log(`- ${line}`);
