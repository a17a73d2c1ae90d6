/**
 * npm run bench:orders — orders per second and latency of POST /api/orders end to end:
 * HTTP on 127.0.0.1, session + permission checks, the instrument's serial queue,
 * matching, and the commit of orders/trades/journal/settlements/balances. Method and
 * figures in docs/benchmarks.md. Env: BENCH_ORDERS (per level, default 4000),
 * BENCH_SECONDS (per level, default 15), BENCH_PG_URL (default the local test server),
 * BENCH_BACKENDS (pglite,postgres).
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { users } from '../apps/server/src/db/schema';
import { placeOrderSchema } from '@meridian/schemas';
import type { FastifyInstance } from 'fastify';
// @ts-expect-error -- plain JavaScript module shared with the worker threads
import { nextOrder, random } from './orders-workload.mjs';
import { BASE, ORIGIN, pgliteBackend, postgresBackend, prepareMarket, signIn, startServer, TRADERS, type Backend } from './orders-setup';

const MAX_ORDERS = Number(process.env.BENCH_ORDERS ?? 4000);
const MAX_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LEVELS = (process.env.BENCH_CLIENTS ?? '1,16,64').split(',').map(Number);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');

const WORKERS = 2;

/** One concurrency level: `clients` clients spread over worker threads, bounded in count and time. */
async function level(clients: number, cookies: string[], instrumentId: string) {
  const deadline = Date.now() + MAX_SECONDS * 1000;
  const perWorker = Math.ceil(clients / WORKERS);
  const start = performance.now();
  const parts = await Promise.all(
    Array.from({ length: Math.min(WORKERS, clients) }, (_, w) => {
      const count = Math.min(perWorker, clients - w * perWorker);
      const worker = new Worker(new URL('./orders-client.mjs', import.meta.url), {
        workerData: { base: BASE, origin: ORIGIN, cookies, instrumentId, clients: count, firstClient: w * perWorker, maxOrders: Math.ceil((MAX_ORDERS * count) / clients), deadline },
      });
      return new Promise<{ latencies: number[]; statuses: Record<number, number> }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const statuses: Record<number, number> = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.statuses)) statuses[Number(k)] = (statuses[Number(k)] ?? 0) + v;
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { clients, orders: latencies.length, seconds, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), statuses };
}

/**
 * The same order stream straight into the trading service (no HTTP, session or permission
 * checks): what the serial queue, matching and one-statement commits sustain on their own.
 */
async function inProcess(app: FastifyInstance, clients: number, instrumentId: string) {
  const userIds: string[] = [];
  for (const email of TRADERS) userIds.push((await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id);
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
        await app.trading.placeOrder(userIds[c % userIds.length]!, placeOrderSchema.parse(nextOrder(rnd, instrumentId)), null);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { clients, orders: latencies.length, seconds, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), statuses: { inProcess: latencies.length } };
}

async function run(backend: Backend) {
  const { database, dispose } = await backend.open();
  const app = await startServer(database);
  try {
    const cookies = new Map<string, string>();
    for (const email of TRADERS) cookies.set(email, await signIn(email));
    const instrumentId = await prepareMarket(cookies);
    const list = [...cookies.values()];
    await level(4, list, instrumentId); // warm-up, discarded
    const results = [];
    for (const clients of LEVELS) results.push(await level(clients, list, instrumentId));
    results.push(await inProcess(app, Math.max(...LEVELS), instrumentId));
    return results;
  } finally {
    await app.close();
    await database.close();
    await dispose();
  }
}

const backends: Backend[] = [];
if (BACKENDS.includes('pglite')) backends.push(pgliteBackend);
if (BACKENDS.includes('postgres')) backends.push(postgresBackend(PG_URL));
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; up to ${MAX_ORDERS} orders or ${MAX_SECONDS} s per level`);
console.log('| database | clients | orders | orders/s | p50 | p99 | statuses |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const backend of backends) {
  for (const r of await run(backend)) {
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`| ${backend.name}${'inProcess' in r.statuses ? ' — in process, no HTTP' : ''} | ${r.clients} | ${r.orders} | ${Math.round(r.perSecond).toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p99)} | ${JSON.stringify(r.statuses)} |`);
  }
}
