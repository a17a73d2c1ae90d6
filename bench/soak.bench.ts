/**
 * npm run bench:soak — sustained mixed load against one real server process on PostgreSQL,
 * loopback only (issues 16 and 17): orders, cancels and reads from several demo traders at a
 * fixed arrival rate, plus WebSocket subscribers. Reports per window p50/p99 per kind, answers
 * by HTTP status, network errors, WebSocket drops and sequence gaps, the server's RSS and heap
 * (slope after the warm-up window, MB/min), CPU per request of the server and of its
 * PostgreSQL backends, the load average; afterwards the ledger invariants of
 * `test/ledger-invariants.ts` on the soaked database. Figures in docs/benchmarks.md.
 *
 * Env: SOAK_MINUTES (30), SOAK_WINDOW_MINUTES (5), SOAK_RATE (requests/s, 4), SOAK_WS (6
 * subscribers), SOAK_PORT (5175), SOAK_PG_URL (postgres://postgres@127.0.0.1:5432/test).
 * Run it niced on a shared machine: `nice -n 10 npm run bench:soak`.
 */
import { sql } from 'drizzle-orm';
import { createDb, selectRows } from '../apps/server/src/db/client';
import { ledgerInvariantViolations } from '../apps/server/src/test/ledger-invariants';
import WebSocket from 'ws';
// @ts-expect-error -- plain JavaScript module shared with the wrk script's order stream
import { nextOrder, random } from './orders-workload.mjs';
import { prepareMarket, signIn, TRADERS } from './orders-setup';
import {
  cpuTicks,
  freshDatabase,
  load,
  percentile,
  postgresTicks,
  rssBytes,
  startServerProcess,
  stopServerProcess,
  usPer,
  waitReady,
} from './processes';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WINDOW_MS = Number(process.env.SOAK_WINDOW_MINUTES ?? 5) * 60_000;
const RATE = Number(process.env.SOAK_RATE ?? 4);
const WS_CLIENTS = Number(process.env.SOAK_WS ?? 6);
const PORT = Number(process.env.SOAK_PORT ?? 5175);
const PG_URL = process.env.SOAK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SAMPLE_MS = 10_000;
/** Requests in flight beyond this are not sent (counted as `skipped`: the server fell behind). */
const MAX_IN_FLIGHT = 256;

/** The request mix, by weight (orders and cancels move money; the reads are what screens poll). */
const MIX: [Kind, number][] = [
  ['place', 34],
  ['cancel', 21],
  ['market-data', 10],
  ['instruments', 7],
  ['orderbook', 7],
  ['orders/my', 8],
  ['trades', 5],
  ['portfolio', 8],
];
type Kind = 'place' | 'cancel' | 'market-data' | 'instruments' | 'orderbook' | 'orders/my' | 'trades' | 'portfolio';

interface Window {
  index: number;
  start: number;
  latencies: Map<Kind, number[]>;
  statuses: Map<number | string, number>;
  skipped: number;
  wsFrames: number;
  wsDrops: number;
  seqGaps: number;
  serverTicks: number;
  pgTicks: number;
  load: string;
  rss: number;
  heap: number;
}

const newWindow = (index: number): Window => ({
  index,
  start: Date.now(),
  latencies: new Map(),
  statuses: new Map(),
  skipped: 0,
  wsFrames: 0,
  wsDrops: 0,
  seqGaps: 0,
  serverTicks: 0,
  pgTicks: 0,
  load: '',
  rss: 0,
  heap: 0,
});

const count = <K>(map: Map<K, number>, key: K, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

async function heapUsed(base: string): Promise<number> {
  try {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const line = text.split('\n').find((l) => l.startsWith('meridian_nodejs_heap_size_used_bytes '));
    return line ? Number(line.split(' ')[1]) : 0;
  } catch {
    return 0;
  }
}

/** Least-squares slope of (minute, MB) points, MB per minute. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  const sxy = points.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0);
  const sxx = points.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  return sxy / sxx;
}

async function main(): Promise<void> {
  const db = await freshDatabase(PG_URL, 'meridian_soak');
  const server = startServerProcess('soak', PORT, db.url);
  const pid = server.child.pid!;
  const { base, origin } = server;
  let invariantsOk = false;
  try {
    await waitReady(base, server.child);
    const cookies = new Map<string, string>();
    for (const email of TRADERS) cookies.set(email, await signIn(email, base, origin));
    const bond = await prepareMarket(cookies, base, origin, 'Soak 4% 2031');
    const traders = TRADERS.map((email) => ({ email, cookie: cookies.get(email)!, open: [] as string[] }));

    console.log(
      `soak: ${MINUTES} min, ${RATE} requests/s, ${WS_CLIENTS} WebSocket subscribers, windows of ${WINDOW_MS / 60_000} min; server pid ${pid} on ${base}, database ${db.name}; load ${load()}`,
    );

    const windows: Window[] = [newWindow(0)];
    const current = () => windows[windows.length - 1]!;
    const samples: { minute: number; rss: number; heap: number }[] = [];
    const startedAt = Date.now();
    let running = true;

    // WebSocket subscribers: a close we did not ask for is a drop (then reconnect); a frame whose
    // seq is not last + 1 for its instrument is a gap.
    const sockets: WebSocket[] = [];
    const subscribe = (k: number) => {
      const trader = traders[k % traders.length]!;
      const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/stream`, { headers: { cookie: trader.cookie, origin } });
      const last = new Map<string, number>();
      sockets[k] = ws;
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as {
          seq?: number;
          instrumentId?: string;
          trade?: { instrumentId: string };
          ticker?: { instrumentId: string };
        };
        current().wsFrames++;
        if (frame.seq === undefined) return;
        const instrument = frame.instrumentId ?? frame.trade?.instrumentId ?? frame.ticker?.instrumentId ?? '';
        const previous = last.get(instrument);
        if (previous !== undefined && frame.seq !== previous + 1) current().seqGaps++;
        last.set(instrument, frame.seq);
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (!running) return;
        current().wsDrops++;
        setTimeout(() => running && subscribe(k), 1_000);
      });
    };
    for (let k = 0; k < WS_CLIENTS; k++) subscribe(k);

    const rnd = random(16_17);
    const total = MIX.reduce((s, [, w]) => s + w, 0);
    const pick = (): Kind => {
      let x = rnd() * total;
      for (const [kind, weight] of MIX) if ((x -= weight) < 0) return kind;
      return 'place';
    };
    let inFlight = 0;
    const pending = new Set<Promise<void>>();

    const send = async (kind: Kind) => {
      const trader = traders[Math.floor(rnd() * traders.length)]!;
      let method = 'GET';
      let path: string;
      let body: unknown;
      let cancelled: string | undefined;
      switch (kind) {
        case 'place':
          method = 'POST';
          path = '/api/orders';
          body = nextOrder(rnd, bond);
          break;
        case 'cancel': {
          if (trader.open.length === 0) return send('place');
          cancelled = trader.open.splice(Math.floor(rnd() * trader.open.length), 1)[0]!;
          method = 'DELETE';
          path = `/api/orders/${cancelled}`;
          break;
        }
        case 'market-data':
          path = '/api/market-data';
          break;
        case 'instruments':
          path = '/api/instruments';
          break;
        case 'orderbook':
          path = `/api/instruments/${bond}/orderbook?depth=20`;
          break;
        case 'orders/my':
          path = '/api/orders/my?limit=50';
          break;
        case 'trades':
          path = `/api/trades?instrumentId=${bond}&limit=50`;
          break;
        case 'portfolio':
          path = '/api/portfolio/analytics';
          break;
      }
      const window = current();
      const t0 = performance.now();
      let status: number | string;
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            cookie: trader.cookie,
            origin,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        status = res.status;
        if (kind === 'place' && res.status === 201) {
          const order = JSON.parse(text) as { id: string; status: string };
          if (order.status === 'open') trader.open.push(order.id);
        }
      } catch (error) {
        status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      }
      (window.latencies.get(kind) ?? window.latencies.set(kind, []).get(kind)!).push(performance.now() - t0);
      count(window.statuses, status);
    };

    let ticksAt = { server: cpuTicks(pid), pg: postgresTicks(db.name) };
    const closeWindow = async () => {
      const w = current();
      const now = { server: cpuTicks(pid), pg: postgresTicks(db.name) };
      w.serverTicks = now.server - ticksAt.server;
      w.pgTicks = now.pg - ticksAt.pg;
      ticksAt = now;
      w.load = load();
      w.rss = rssBytes(pid);
      w.heap = await heapUsed(base);
    };

    const sampler = setInterval(() => {
      void heapUsed(base).then((heap) =>
        samples.push({ minute: (Date.now() - startedAt) / 60_000, rss: rssBytes(pid), heap }),
      );
    }, SAMPLE_MS);

    // Open loop: one request every 1/RATE s whatever the answers do, so a slow server shows as
    // latency and in-flight growth instead of a lower request rate.
    const end = startedAt + MINUTES * 60_000;
    let sent = 0;
    while (Date.now() < end) {
      const due = startedAt + (sent * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent++;
      if (Date.now() - current().start >= WINDOW_MS) {
        await closeWindow();
        printWindow(current());
        windows.push(newWindow(windows.length));
      }
      if (inFlight >= MAX_IN_FLIGHT) {
        current().skipped++;
        continue;
      }
      inFlight++;
      const p = send(pick()).finally(() => {
        inFlight--;
        pending.delete(p);
      });
      pending.add(p);
    }
    await Promise.all(pending);
    await closeWindow();
    printWindow(current());
    running = false;
    clearInterval(sampler);
    for (const ws of sockets) ws.close();

    // Summary.
    const all = windows.filter((w) => Date.now() - w.start > 0);
    const statuses = new Map<number | string, number>();
    for (const w of all) for (const [s, n] of w.statuses) count(statuses, s, n);
    const p99 = (w: Window) =>
      percentile(
        [...w.latencies.values()].flat().sort((a, b) => a - b),
        0.99,
      );
    const warm = samples.filter((s) => s.minute >= WINDOW_MS / 60_000);
    const first = all[0]!;
    const lastWindow = all[all.length - 1]!;
    console.log('\nAll answers by status:', JSON.stringify(Object.fromEntries(statuses)));
    const fivexx = [...statuses].filter(([s]) => typeof s === 'number' && s >= 500).reduce((s, [, n]) => s + n, 0);
    const netErrors = (statuses.get('network') ?? 0) + (statuses.get('timeout') ?? 0);
    console.log(
      `5xx: ${fivexx}; network errors/timeouts: ${netErrors}; skipped (in flight >= ${MAX_IN_FLIGHT}): ${all.reduce((s, w) => s + w.skipped, 0)}`,
    );
    console.log(
      `WebSocket: ${all.reduce((s, w) => s + w.wsFrames, 0)} frames, ${all.reduce((s, w) => s + w.wsDrops, 0)} drops, ${all.reduce((s, w) => s + w.seqGaps, 0)} sequence gaps`,
    );
    console.log(
      `RSS slope after the first window: ${slope(warm.map((s) => [s.minute, s.rss / 2 ** 20])).toFixed(3)} MB/min; heap used slope: ${slope(warm.map((s) => [s.minute, s.heap / 2 ** 20])).toFixed(3)} MB/min (${warm.length} samples every ${SAMPLE_MS / 1000} s)`,
    );
    console.log(
      `p99 last window / first window: ${(p99(lastWindow) / p99(first)).toFixed(2)} (${p99(lastWindow).toFixed(1)} ms / ${p99(first).toFixed(1)} ms)`,
    );

    console.log(`server log: ${server.errors.count} lines at level error or above`);
    for (const line of server.errors.first) console.log(`  ${line}`);

    // The books after the soak (queues drained: every request was answered).
    const check = await createDb({ databaseUrl: db.url });
    try {
      const found = await ledgerInvariantViolations(check.db);
      const broken = Object.entries(found).filter(([, rows]) => rows.length > 0);
      invariantsOk = broken.length === 0;
      console.log(
        `ledger invariants: ${Object.keys(found).length - broken.length} of ${Object.keys(found).length} hold${broken.length ? `; BROKEN: ${broken.map(([n, rows]) => `${n} (${rows.length} rows)`).join('; ')}` : ''}`,
      );
      const [counts] = await selectRows<{ orders: number; trades: number; open: number }>(
        check.db,
        sql`select (select count(*)::int from orders) as orders, (select count(*)::int from trades) as trades,
          (select count(*)::int from orders where status = 'open') as open`,
      );
      if (counts)
        console.log(`database after the soak: ${counts.orders} orders, ${counts.trades} trades, ${counts.open} open`);
    } finally {
      await check.close();
    }
  } finally {
    await stopServerProcess(server);
    await db.drop();
  }
  process.exitCode = invariantsOk ? 0 : 1;
}

let header = false;
function printWindow(w: Window): void {
  const kinds = [...w.latencies.keys()].sort();
  const requests = [...w.latencies.values()].reduce((s, l) => s + l.length, 0);
  const all = [...w.latencies.values()].flat().sort((a, b) => a - b);
  if (!header) {
    header = true;
    console.log(
      '| window | requests | p50 | p99 | 5xx | net err | WS frames | WS drops | seq gaps | server CPU us/req | PG CPU us/req | RSS MB | heap MB | load 1/5/15 |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  }
  const fivexx = [...w.statuses].filter(([s]) => typeof s === 'number' && s >= 500).reduce((s, [, n]) => s + n, 0);
  const net = (w.statuses.get('network') ?? 0) + (w.statuses.get('timeout') ?? 0);
  console.log(
    `| ${w.index + 1} | ${requests} | ${percentile(all, 0.5).toFixed(1)} ms | ${percentile(all, 0.99).toFixed(1)} ms | ${fivexx} | ${net} | ${w.wsFrames} | ${w.wsDrops} | ${w.seqGaps} | ${usPer(w.serverTicks, requests).toFixed(0)} | ${usPer(w.pgTicks, requests).toFixed(0)} | ${(w.rss / 2 ** 20).toFixed(0)} | ${(w.heap / 2 ** 20).toFixed(0)} | ${w.load} |`,
  );
  console.log(
    `  per kind p50/p99 ms: ${kinds
      .map((k) => {
        const l = [...w.latencies.get(k)!].sort((a, b) => a - b);
        return `${k} ${percentile(l, 0.5).toFixed(1)}/${percentile(l, 0.99).toFixed(1)} (${l.length})`;
      })
      .join(', ')}; statuses ${JSON.stringify(Object.fromEntries(w.statuses))}`,
  );
}

await main();
