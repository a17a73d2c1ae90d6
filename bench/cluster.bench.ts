/**
 * npm run bench:cluster — several API instances on one PostgreSQL database behind HAProxy
 * (issue 16): the same wrk order load (bench/orders.lua, 64 connections) through the proxy to
 * ONE instance and to THREE instances (NATS routing and fan-out), alternated in one run, with
 * the CPU every process spent per order (/proc ticks: the instances' main threads and whole
 * processes, the database's PostgreSQL backends, nats-server, the proxy, wrk), each instance's
 * share, the database's transactions per order (pg_stat_database) and what each setup spends
 * idle (timers: subtracted for the "net of idle" figures); then failover:
 * under load from a Node client, kill -9 the owner of the busiest book and measure the time
 * until that book accepts orders again, that no acknowledged order is missing, and the ledger
 * invariants. Figures in docs/benchmarks.md.
 *
 * Needs wrk and haproxy (Debian packages) and nats-server at NATS_URL. Env: BENCH_SECONDS (10),
 * BENCH_RUNS (2 per setup, alternated), BENCH_CLIENTS (64), BENCH_BOOKS (6 instruments),
 * BENCH_PG_URL, NATS_URL (nats://127.0.0.1:4222), BENCH_PORT (first port, 5176; four per setup),
 * CLUSTER_LEASE_MS (3000), BENCH_SETUPS (`one,three`: which setups run; the failover runs on
 * the three-instance ones; `routed`: three instances whose clients follow the owner hint, decision 0085;
 * `<setup>:<clients>` sets its own client count, e.g. `one:21`), BENCH_CPU_PROF (a directory: the instances run with `node --cpu-prof` and write
 * their profiles in a folder per instance when stopped; tid 0 is the main thread, the others
 * the loader's worker), BENCH_FAILOVER (`false` skips it), BENCH_WARMUP_CLIENTS and
 * BENCH_WARMUP_SECONDS (the discarded warm-up per setup, 16 connections for 3 s). Also printed:
 * per table, reads and rows written per order (pg_stat_user_tables), the server processes'
 * system CPU and context switches per order.
 */
import { execFileSync, spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { BOOK_WRITER_CONNECTIONS, createDb, selectRows } from '../apps/server/src/db/client';
import { ledgerInvariantViolations } from '../apps/server/src/test/ledger-invariants';
import { prepareMarket, signIn, TRADERS } from './orders-setup';
import {
  CLOCK_TICKS,
  contextSwitches,
  cpuTicks,
  freshDatabase,
  systemTicks,
  load,
  percentile,
  postgresTicks,
  startServerProcess,
  stopServerProcess,
  usPer,
  waitReady,
  type ServerProcess,
} from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const BOOKS = Number(process.env.BENCH_BOOKS ?? 6);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PORT = Number(process.env.BENCH_PORT ?? 5176);
const LEASE_MS = process.env.CLUSTER_LEASE_MS ?? '3000';
const WRK_SCRIPT = fileURLToPath(new URL('./orders.lua', import.meta.url));
/**
 * Which setups run, in order: `one`, `three`, `routed`, each optionally `:<clients>` to load it
 * with that many wrk connections instead of BENCH_CLIENTS (`one:21`: one instance at a third of
 * the clients, what each of three instances sees: the control for "same process, less load").
 */
const SETUP_SPECS = (process.env.BENCH_SETUPS ?? 'one,three')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((spec) => {
    const [kind = '', clients] = spec.split(':');
    if (!['one', 'three', 'routed'].includes(kind)) throw new Error(`BENCH_SETUPS: unknown setup ${spec}`);
    return { name: spec, kind, clients: clients ? Number(clients) : CLIENTS };
  });
const CPU_PROF = process.env.BENCH_CPU_PROF;
const FAILOVER = process.env.BENCH_FAILOVER !== 'false';
/** Warm-up load per setup before anything is measured (BENCH_WARMUP_CLIENTS, BENCH_WARMUP_SECONDS). */
const WARMUP_CLIENTS = Number(process.env.BENCH_WARMUP_CLIENTS ?? 16);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** Seconds of idle (no load) measured per setup: its timers' CPU, subtracted for the "net of idle" figure. */
const IDLE_SECONDS = 5;

interface Setup {
  name: string;
  /** wrk connections of its measured runs. */
  clients: number;
  /** Its clients follow the owner hint (decision 0085). */
  route: boolean;
  proxyPort: number;
  servers: ServerProcess[];
  database: Awaited<ReturnType<typeof freshDatabase>>;
  marketFile: string;
  instrumentIds: string[];
  cookies: Map<string, string>;
  proxy: ReturnType<typeof spawn>;
  /** Idle CPU (no load) of the servers, PostgreSQL and NATS together, in ticks per millisecond. */
  idlePerMs: number;
  /** Idle CPU by group (servers, PostgreSQL, NATS), ticks per millisecond: what timers cost with no load. */
  idleByGroup: Record<string, number>;
  /** Database transactions per millisecond with no load (leases, heartbeats, pollers). */
  idleXactsPerMs: number;
}

interface RunResult {
  setup: string;
  orders: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  /** µs of CPU per order, by process group. */
  cpu: Record<string, number>;
  /** µs of CPU per order of servers + PostgreSQL + NATS, less what the idle setup spends in the same time. */
  netPlatform: number;
  /** Database transactions (commits + rollbacks, pg_stat_database) per order, less the idle setup's. */
  xactsPerOrder: number;
  /** Context switches of the server processes (all threads) per order. */
  switchesPerOrder: number;
  /** Per table, reads / rows inserted / rows updated per order (pg_stat_user_tables). */
  tables: string;
  /** µs of CPU per order of each instance's whole process. */
  perInstance: Record<string, number>;
  load: string;
}

function pidOf(name: string): number | null {
  try {
    return Number(execFileSync('pgrep', ['-o', '-x', name]).toString().trim()) || null;
  } catch {
    return null;
  }
}

function haproxyConfig(port: number, servers: ServerProcess[]): string {
  // deploy/haproxy.cfg with this run's ports, least connections, but no active health checks:
  // on this shared machine /api/ready under 64 connections sometimes took longer than any
  // check timeout, and a single-server backend marked down answers 503 to everything. A
  // refused connection (the killed instance) is re-dispatched to another server at once (`redispatch 1`:
  // no turn-around wait for a retry on the same server).
  return `global
  maxconn 8192
  log stderr format raw local0
defaults
  mode http
  log global
  option httplog
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 2
  option redispatch 1
frontend front
  bind 127.0.0.1:${port}
  default_backend meridian
backend meridian
  balance leastconn
${servers.map((s) => `  use-server ${s.name} if { req.hdr(meridian-route) -m str ${s.name} }`).join('\n')}
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}
`;
}

async function prepare(
  name: string,
  count: number,
  portBase: number,
  dir: string,
  /** The clients follow the owner hint (decision 0085): the proxy sends a book's orders to its owner. */
  route: boolean,
  clients: number,
): Promise<Setup> {
  // `one:21` → `one_21`: database and INSTANCE_NAME allow no colon.
  const id = name.replace(':', '_');
  const database = await freshDatabase(PG_URL, `meridian_cluster_${id}`);
  const proxyPort = portBase;
  const origin = `http://localhost:${proxyPort}`;
  const servers = Array.from({ length: count }, (_, k) =>
    startServerProcess(
      id === name ? `${name}${k + 1}` : `${id}_${k + 1}`,
      portBase + 1 + k,
      database.url,
      {
        PUBLIC_URL: origin,
        TRUST_PROXY: 'true',
        CLUSTER_LEASE_MS: LEASE_MS,
        ...(count > 1 ? { NATS_URL } : {}),
      },
      CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}/${name}${k + 1}`] : [],
    ),
  );
  try {
    await Promise.all(servers.map((s) => waitReady(s.base, s.child)));
  } catch (error) {
    await Promise.all(servers.map(stopServerProcess));
    await database.drop();
    throw error;
  }
  const cfg = join(dir, `${name}.haproxy.cfg`);
  writeFileSync(cfg, haproxyConfig(proxyPort, servers));
  // Its request log goes to BENCH_PROXY_LOG when set (debugging), else nowhere.
  const proxy = spawn('haproxy', ['-db', '-f', cfg], {
    stdio: ['ignore', 'ignore', process.env.BENCH_PROXY_LOG ? openSync(process.env.BENCH_PROXY_LOG, 'a') : 'ignore'],
  });
  try {
    const base = `http://127.0.0.1:${proxyPort}`;
    await waitReady(base, undefined, 30);
    const cookies = new Map<string, string>();
    for (const email of TRADERS) cookies.set(email, await signIn(email, base, origin));
    const instrumentIds: string[] = [];
    for (let b = 0; b < BOOKS; b++)
      instrumentIds.push(await prepareMarket(cookies, base, origin, `Cluster bench ${b + 1} 4% 2031`));
    const marketFile = join(dir, `${name}.market.json`);
    writeFileSync(
      marketFile,
      JSON.stringify({ instrumentId: instrumentIds[0], instrumentIds, origin, cookies: [...cookies.values()], route }),
    );
    return {
      name,
      clients,
      route,
      proxyPort,
      servers,
      database,
      marketFile,
      instrumentIds,
      cookies,
      proxy,
      idlePerMs: 0,
      idleByGroup: {},
      idleXactsPerMs: 0,
    };
  } catch (error) {
    proxy.kill();
    await Promise.all(servers.map(stopServerProcess));
    await database.drop();
    throw error;
  }
}

/** Every process that works for a setup, ticks now. */
function ticks(setup: Setup, wrkPid: number | undefined) {
  const nats = setup.servers.length > 1 ? pidOf('nats-server') : null;
  return {
    'server main threads': setup.servers.reduce((s, p) => s + cpuTicks(p.child.pid!, true), 0),
    'server processes': setup.servers.reduce((s, p) => s + cpuTicks(p.child.pid!), 0),
    'of which system': setup.servers.reduce((s, p) => s + systemTicks(p.child.pid!), 0),
    PostgreSQL: postgresTicks(setup.database.name),
    'nats-server': nats ? cpuTicks(nats) : 0,
    haproxy: setup.proxy.pid ? cpuTicks(setup.proxy.pid) : 0,
    wrk: wrkPid ? cpuTicks(wrkPid) : 0,
  };
}

const platformTicks = (t: ReturnType<typeof ticks>) => t['server processes'] + t.PostgreSQL + t['nats-server'];

/** What the setup spends with no load (timers: leases, heartbeats, meters, pollers), ticks per ms. */
async function measureIdle(setup: Setup): Promise<void> {
  await new Promise((r) => setTimeout(r, 1_000));
  const before = ticks(setup, undefined);
  const xacts = await transactions(setup);
  const start = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1_000));
  const after = ticks(setup, undefined);
  const elapsed = performance.now() - start;
  setup.idlePerMs = (platformTicks(after) - platformTicks(before)) / elapsed;
  for (const group of ['server processes', 'PostgreSQL', 'nats-server'] as const)
    setup.idleByGroup[group] = (after[group] - before[group]) / elapsed;
  setup.idleXactsPerMs = ((await transactions(setup)) - xacts) / elapsed;
}

let statsClient: ReturnType<typeof postgres> | null = null;
/**
 * Transactions the setup's database committed or rolled back so far (pg_stat_database; a
 * backend reports them at most once a second, so read a second and a half after a run).
 */
async function transactions(setup: Setup): Promise<number> {
  statsClient ??= postgres(PG_URL, { max: 1, onnotice: () => {} });
  const [row] = await statsClient<{ n: string }[]>`select (xact_commit + xact_rollback)::text as n
    from pg_stat_database where datname = ${setup.database.name}`;
  return Number(row?.n ?? 0);
}
/** Per table: reads (sequential + index scans) and rows inserted/updated so far (pg_stat_user_tables). */
async function tableStats(
  setup: Setup,
): Promise<Map<string, { scans: number; seq: number; ins: number; upd: number }>> {
  const db = (await check(setup)).db;
  const rows = await selectRows<{ name: string; scans: string; seq: string; ins: string; upd: string }>(
    db,
    sql`select relname as name, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text as scans,
      coalesce(seq_scan, 0)::text as seq, n_tup_ins::text as ins, n_tup_upd::text as upd from pg_stat_user_tables`,
  );
  return new Map(
    rows.map((r) => [r.name, { scans: Number(r.scans), seq: Number(r.seq), ins: Number(r.ins), upd: Number(r.upd) }]),
  );
}

/** Tables read or written per order in a run: where the statements go (pg_stat_statements is not installed). */
function tableDelta(
  before: Awaited<ReturnType<typeof tableStats>>,
  after: Awaited<ReturnType<typeof tableStats>>,
  orders: number,
): string {
  const parts: string[] = [];
  for (const [name, a] of after) {
    const b = before.get(name) ?? { scans: 0, seq: 0, ins: 0, upd: 0 };
    const d = { scans: a.scans - b.scans, seq: a.seq - b.seq, ins: a.ins - b.ins, upd: a.upd - b.upd };
    if (d.scans + d.ins + d.upd < orders / 100) continue;
    // Sequential scans in brackets where there were any: a per-row plan (a nested loop) shows there.
    const seq = d.seq >= orders / 100 ? `(${(d.seq / orders).toFixed(2)}s)` : '';
    parts.push(
      `${name} ${(d.scans / orders).toFixed(2)}r${seq}/${(d.ins / orders).toFixed(2)}i/${(d.upd / orders).toFixed(2)}u`,
    );
  }
  return parts.sort().join(', ');
}

/** How long after a run its transaction counts are read: backends report at most once a second. */
const STATS_DELAY_MS = 1_500;

async function wrkRun(setup: Setup, clients: number, seconds: number): Promise<RunResult> {
  const wrk = spawn(
    'wrk',
    [
      '-t1',
      `-c${clients}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      WRK_SCRIPT,
      `http://127.0.0.1:${setup.proxyPort}`,
    ],
    {
      env: { ...process.env, BENCH_MARKET: setup.marketFile },
    },
  );
  const before = ticks(setup, wrk.pid);
  const instancesBefore = setup.servers.map((s) => cpuTicks(s.child.pid!));
  const switchesBefore = setup.servers.reduce((n, s) => n + contextSwitches(s.child.pid!), 0);
  const xactsBefore = await transactions(setup);
  const tablesBefore = await tableStats(setup);
  const start = performance.now();
  let output = '';
  let wrkTicks = 0;
  // wrk's own ticks are read just before it exits (its /proc entry goes with it).
  const sampler = setInterval(() => (wrkTicks = cpuTicks(wrk.pid!) || wrkTicks), 200);
  wrk.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  wrk.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => wrk.on('close', resolve));
  clearInterval(sampler);
  const after = { ...ticks(setup, undefined), wrk: wrkTicks };
  const instancesAfter = setup.servers.map((s) => cpuTicks(s.child.pid!));
  const switches = setup.servers.reduce((n, s) => n + contextSwitches(s.child.pid!), 0) - switchesBefore;
  const elapsedMs = performance.now() - start;
  await new Promise((r) => setTimeout(r, STATS_DELAY_MS));
  const xacts = (await transactions(setup)) - xactsBefore - setup.idleXactsPerMs * (elapsedMs + STATS_DELAY_MS);
  const tablesAfter = await tableStats(setup);
  const line = output.split('\n').find((l) => l.startsWith('BENCH '));
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}):\n${output}`);
  const r = JSON.parse(line.slice(6)) as {
    requests: number;
    seconds: number;
    p50: number;
    p99: number;
    errors: number;
    statuses: Record<string, number>;
  };
  if (r.errors > 0) r.statuses.socketErrors = r.errors;
  const cpu: Record<string, number> = {};
  for (const key of Object.keys(before) as (keyof typeof before)[])
    cpu[key] = usPer(after[key] - (key === 'wrk' ? 0 : before[key]), r.requests);
  return {
    setup: setup.name,
    orders: r.requests,
    perSecond: r.requests / r.seconds,
    p50: r.p50,
    p99: r.p99,
    statuses: r.statuses,
    cpu,
    netPlatform: usPer(
      Math.max(0, platformTicks(after) - platformTicks(before) - setup.idlePerMs * elapsedMs),
      r.requests,
    ),
    xactsPerOrder: r.requests > 0 ? xacts / r.requests : Number.NaN,
    tables: tableDelta(tablesBefore, tablesAfter, r.requests),
    switchesPerOrder: r.requests > 0 ? switches / r.requests : Number.NaN,
    perInstance: Object.fromEntries(
      setup.servers.map((s, k) => [s.name, usPer(instancesAfter[k]! - instancesBefore[k]!, r.requests)]),
    ),
    load: load(),
  };
}

/**
 * Failover: 16 Node clients (keep-alive) send orders through the proxy, 40% on the busiest
 * book, each with its own Idempotency-Key; after 6 s the owner of the busiest book is killed
 * (-9); the load goes on for 12 s more. In the `routed` setup the clients follow the owner hint
 * (the last `meridian-owner` answer per book, sent back as `meridian-route`), so at the kill
 * they are all pointed at the dead owner.
 */
async function failover(setup: Setup) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const busiest = setup.instrumentIds[0]!;
  const cookies = [...setup.cookies.values()];
  const origin = `http://localhost:${setup.proxyPort}`;
  type Answer = { sentAt: number; doneAt: number; status: number; id?: string; instrumentId: string };
  const answers: Answer[] = [];
  const errorBodies = new Set<string>();
  let running = true;
  let n = 0;
  const owners = new Map<string, string>();
  const post = (body: string, cookie: string, key: string, instrumentId: string) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: setup.proxyPort,
          path: '/api/orders',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            origin,
            cookie,
            'idempotency-key': key,
            ...(setup.route && owners.has(instrumentId) ? { 'meridian-route': owners.get(instrumentId)! } : {}),
          },
          timeout: 30_000,
        },
        (res) => {
          const owner = res.headers['meridian-owner'];
          if (setup.route && res.statusCode === 201 && typeof owner === 'string') owners.set(instrumentId, owner);
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', () => resolve({ status: 0, text: '' }));
      req.on('timeout', () => req.destroy());
      req.end(body);
    });
  const worker = async (k: number) => {
    while (running) {
      const i = n++;
      const instrumentId = i % 5 < 2 ? busiest : setup.instrumentIds[1 + (i % (setup.instrumentIds.length - 1))]!;
      const buy = i % 2 === 0;
      const cents = buy ? 9_950 + (i % 56) : 10_050 - (i % 56);
      const body = JSON.stringify({
        instrumentId,
        orderType: buy ? 'buy' : 'sell',
        type: 'limit',
        quantity: 1 + (i % 10),
        price: (cents / 100).toFixed(2),
      });
      const sentAt = performance.now();
      const res = await post(body, cookies[k % cookies.length]!, `failover-${k}-${i}`, instrumentId);
      const answer: Answer = { sentAt, doneAt: performance.now(), status: res.status, instrumentId };
      if (res.status >= 500 && res.status !== 502 && res.status !== 503 && errorBodies.size < 10)
        errorBodies.add(res.text);
      if (res.status === 201) answer.id = (JSON.parse(res.text) as { id: string }).id;
      answers.push(answer);
    }
  };
  const workers = Array.from({ length: 16 }, (_, k) => worker(k));
  await new Promise((r) => setTimeout(r, 6_000));
  const [lease] = await selectRows<{ owner: string; epoch: string }>(
    (await check(setup)).db,
    sql`select owner, epoch::text as epoch from instrument_leases where instrument_id = ${busiest}::uuid`,
  );
  const victim = setup.servers.find((s) => lease!.owner.startsWith(`${s.name}-`))!;
  const killedAt = performance.now();
  victim.child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 12_000));
  running = false;
  await Promise.all(workers);
  agent.destroy();

  const onBusiest = answers.filter((a) => a.instrumentId === busiest);
  const firstAfter = onBusiest
    .filter((a) => a.status === 201 && a.sentAt >= killedAt)
    .sort((a, b) => a.doneAt - b.doneAt)[0];
  const accepted = onBusiest.filter((a) => a.status === 201).sort((a, b) => a.doneAt - b.doneAt);
  let gap = 0;
  for (let i = 1; i < accepted.length; i++) gap = Math.max(gap, accepted[i]!.doneAt - accepted[i - 1]!.doneAt);
  const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
  const db = await check(setup);
  const [found] = await selectRows<{ n: number }>(
    db.db,
    sql`select count(*)::int as n from orders where id = any(${`{${acknowledged.join(',')}}`}::uuid[])`,
  );
  const [moved] = await selectRows<{ owner: string; epoch: string }>(
    db.db,
    sql`select owner, epoch::text as epoch from instrument_leases where instrument_id = ${busiest}::uuid`,
  );
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const afterKill = onBusiest.filter((a) => a.sentAt >= killedAt && a.status === 201).map((a) => a.doneAt - a.sentAt);
  return {
    victim: victim.name,
    epochs: `${lease!.epoch} -> ${moved!.epoch} (${moved!.owner.split('-')[0]})`,
    recoveredMs: firstAfter ? firstAfter.doneAt - killedAt : Number.NaN,
    longestGapMs: gap,
    acknowledged: acknowledged.length,
    lost: acknowledged.length - found!.n,
    statuses,
    errorBodies: [...errorBodies],
    p99AfterKill: percentile(
      afterKill.sort((a, b) => a - b),
      0.99,
    ),
  };
}

const checks = new Map<string, Awaited<ReturnType<typeof createDb>>>();
async function check(setup: Setup) {
  let db = checks.get(setup.name);
  if (!db) {
    db = await createDb({ databaseUrl: setup.database.url });
    checks.set(setup.name, db);
  }
  return db;
}

async function main(): Promise<void> {
  for (const tool of ['wrk', 'haproxy']) {
    try {
      execFileSync(tool, ['-v'], { stdio: 'ignore' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        console.error(`bench:cluster needs ${tool}: apt-get install -y ${tool}`);
        process.exit(1);
      }
    }
  }
  // Every setup's instances stay up for the alternated runs: 10 + BOOK_WRITER_CONNECTIONS pooled
  // connections each, opened as load needs them. Past max_connections PostgreSQL refuses the
  // newest ("too many clients already") and those requests answer 500 (seen with four setups).
  statsClient ??= postgres(PG_URL, { max: 1, onnotice: () => {} });
  const [{ max } = { max: '100' }] = await statsClient<
    { max: string }[]
  >`select current_setting('max_connections') as max`;
  const instances = SETUP_SPECS.reduce((n, spec) => n + (spec.kind === 'one' ? 1 : 3), 0);
  const wanted = instances * (10 + BOOK_WRITER_CONNECTIONS) + 2 * SETUP_SPECS.length;
  if (wanted > Number(max))
    console.log(
      `WARNING: ${instances} instances may open ${wanted} PostgreSQL connections, max_connections is ${max}: 500s ("too many clients") likely; run fewer setups at once`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-cluster-'));
  const setups: Setup[] = [];
  let failed = false;
  try {
    console.log(
      `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; wrk ${CLIENTS} connections, ${SECONDS} s per run, ${RUNS} runs per setup alternated, ${BOOKS} books (40% of orders on the first); load at start ${load()}`,
    );
    // Four ports per setup: the proxy and up to three instances.
    for (const [k, spec] of SETUP_SPECS.entries())
      setups.push(
        await prepare(spec.name, spec.kind === 'one' ? 1 : 3, PORT + 4 * k, dir, spec.kind === 'routed', spec.clients),
      );
    // Warm-up, discarded: JIT, caches, and the batch statements prepared and planned per pooled connection.
    for (const setup of setups) await wrkRun(setup, WARMUP_CLIENTS, WARMUP_SECONDS);
    for (const setup of setups) await measureIdle(setup);
    const results: RunResult[] = [];
    for (let i = 0; i < RUNS; i++)
      for (const setup of setups) results.push(await wrkRun(setup, setup.clients, SECONDS));

    const groups = Object.keys(results[0]!.cpu);
    // Ticks per ms / ticks per s = CPU s per wall ms; x 1e6 = CPU µs per wall ms = CPU ms per wall s.
    // (Printed as "us of CPU per second" before session 12: a thousand times too small.)
    console.log(
      `\nidle (no load, ${IDLE_SECONDS} s): ${setups
        .map(
          (s) =>
            `${s.name} ${((s.idlePerMs / CLOCK_TICKS) * 1e6).toFixed(0)} ms of CPU per second (servers + PostgreSQL + NATS; ${Object.entries(
              s.idleByGroup,
            )
              .map(([g, v]) => `${g} ${((v / CLOCK_TICKS) * 1e6).toFixed(0)}`)
              .join(', ')}), ${(s.idleXactsPerMs * 1000).toFixed(1)} transactions per second`,
        )
        .join('; ')}`,
    );
    console.log(
      `\n| setup | orders/s | p50 | p99 | ${groups.map((g) => `${g} us/order`).join(' | ')} | servers + PostgreSQL + NATS net of idle, us/order | PostgreSQL transactions/order (net of idle) | statuses | load 1/5/15 |`,
    );
    console.log(`|---|---:|---:|---:|${groups.map(() => '---:').join('|')}|---:|---:|---|---|`);
    for (const r of results)
      console.log(
        `| ${r.setup} | ${Math.round(r.perSecond)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${groups.map((g) => r.cpu[g]!.toFixed(0)).join(' | ')} | ${r.netPlatform.toFixed(0)} | ${r.xactsPerOrder.toFixed(2)} | ${JSON.stringify(r.statuses)} | ${r.load} |`,
      );
    console.log('\nper instance (whole process, us/order):');
    for (const r of results)
      console.log(
        `  ${r.setup}: ${Object.entries(r.perInstance)
          .map(([name, us]) => `${name} ${us.toFixed(0)}`)
          .join(', ')}`,
      );
    console.log(
      '\nper table, per order (reads = sequential + index scans, (of which sequential) / rows inserted / rows updated):',
    );
    for (const r of results) console.log(`  ${r.setup}: ${r.tables}`);
    console.log('\nserver processes, context switches per order (all threads):');
    for (const r of results) console.log(`  ${r.setup}: ${r.switchesPerOrder.toFixed(1)}`);
    const mean = (setup: string, f: (r: RunResult) => number) => {
      const rs = results.filter((r) => r.setup === setup);
      return rs.reduce((s, r) => s + f(r), 0) / rs.length;
    };
    const platform = (r: RunResult) => r.cpu['server processes']! + r.cpu.PostgreSQL! + r.cpu['nats-server']!;
    const setupNames = setups.map((s) => s.name);
    for (const many of setupNames.filter((n) => n !== 'one' && setupNames.includes('one')))
      console.log(
        `\n${many} / one (means of the runs): orders/s ${(mean(many, (r) => r.perSecond) / mean('one', (r) => r.perSecond)).toFixed(2)}, p99 ${(mean(many, (r) => r.p99) / mean('one', (r) => r.p99)).toFixed(2)}, CPU per order (servers + PostgreSQL + NATS) ${(mean(many, platform) / mean('one', platform)).toFixed(2)} (${mean(many, platform).toFixed(0)} / ${mean('one', platform).toFixed(0)} us), net of idle ${(mean(many, (r) => r.netPlatform) / mean('one', (r) => r.netPlatform)).toFixed(2)} (${mean(many, (r) => r.netPlatform).toFixed(0)} / ${mean('one', (r) => r.netPlatform).toFixed(0)} us), server main threads ${(mean(many, (r) => r.cpu['server main threads']!) / mean('one', (r) => r.cpu['server main threads']!)).toFixed(2)}, PostgreSQL transactions per order ${mean(many, (r) => r.xactsPerOrder).toFixed(2)} / ${mean('one', (r) => r.xactsPerOrder).toFixed(2)}`,
      );

    // The failover on each three-instance setup present: clients without the hint, then with it.
    let lost = 0;
    for (const setup of FAILOVER ? setups.filter((s) => s.servers.length === 3) : []) {
      const f = await failover(setup);
      lost += f.lost;
      console.log(
        `\nfailover, ${setup.name} (kill -9 of ${f.victim}, owner of the busiest book; lease ${LEASE_MS} ms): orders on that book accepted again ${f.recoveredMs.toFixed(0)} ms after the kill (first 201 of a request sent after it); longest gap between acceptances ${f.longestGapMs.toFixed(0)} ms; lease epoch ${f.epochs}; p99 of its accepted orders sent after the kill ${f.p99AfterKill.toFixed(0)} ms`,
      );
      console.log(
        `acknowledged ${f.acknowledged}, missing from the database ${f.lost}; answers ${JSON.stringify(f.statuses)}`,
      );
      // A 5xx other than 503 (an honest "try again") or 502/0 (the connection the kill cut) is a bug.
      const broken = Object.keys(f.statuses).filter((s) => Number(s) >= 500 && ![502, 503].includes(Number(s)));
      if (broken.length > 0) {
        failed = true;
        console.log(
          `FAILED: answers with status ${broken.join(', ')} during the failover; bodies: ${f.errorBodies.join(' | ')}`,
        );
      }
    }
    for (const setup of setups) {
      for (const server of setup.servers)
        if (server.errors.count > 0)
          console.log(
            `${server.name}: ${server.errors.count} error log lines, first: \n  ${server.errors.first.slice(0, 5).join('\n  ')}`,
          );
    }
    for (const setup of setups) {
      await Promise.all(setup.servers.map(stopServerProcess));
      const found = await ledgerInvariantViolations((await check(setup)).db);
      const broken = Object.entries(found).filter(([, rows]) => rows.length > 0);
      if (broken.length > 0 || lost > 0) failed = true;
      console.log(
        `ledger invariants (${setup.name}): ${Object.keys(found).length - broken.length} of ${Object.keys(found).length} hold${broken.length ? `; BROKEN: ${broken.map(([n]) => n).join('; ')}` : ''}`,
      );
    }
  } finally {
    for (const setup of setups) {
      setup.proxy.kill();
      await Promise.all(setup.servers.map(stopServerProcess));
      await checks.get(setup.name)?.close();
      await setup.database.drop();
    }
    await statsClient?.end({ timeout: 5 });
    rmSync(dir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
