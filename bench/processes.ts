/**
 * Shared by bench:cluster and bench:soak: real server processes (`apps/server/src/main.ts`)
 * on a fresh PostgreSQL database, and what /proc says about them (CPU ticks per process
 * and per main thread, RSS, the database's backends, the load average).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

/** BENCH_SERVER_ROOT: run the server of another checkout (a baseline) with this bench. */
const ROOT = process.env.BENCH_SERVER_ROOT
  ? `${process.env.BENCH_SERVER_ROOT.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../', import.meta.url));
const SERVER = `${ROOT}apps/server/src/main.ts`;
/** Kernel clock ticks per second (the unit of /proc/<pid>/stat times). */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

export interface ServerProcess {
  name: string;
  port: number;
  base: string;
  origin: string;
  child: ChildProcess;
  log: string[];
  /** Log lines at level error or fatal (pino levels 50, 60): how many, and the first 20. */
  errors: { count: number; first: string[] };
}

/** A fresh database on the PostgreSQL server at `serverUrl`; `drop()` removes it (forcing connections closed). */
export async function freshDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * Starts one API instance (production mode, demo seed, no liquidity provider unless asked).
 * `nodeArgs` go before the script (e.g. `--cpu-prof`, which Node 20 refuses in NODE_OPTIONS).
 */
export function startServerProcess(
  name: string,
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      INSTANCE_NAME: name,
      DEMO_MODE: 'true',
      LIQUIDITY_PROVIDER: 'false',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
      SIGN_IN_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    origin: `http://localhost:${port}`,
    child,
    log: [],
    errors: { count: 0, first: [] },
  };
  // BENCH_SERVER_LOGS: a directory that gets each instance's whole log (`<name>.log`).
  const logFile = process.env.BENCH_SERVER_LOGS ? `${process.env.BENCH_SERVER_LOGS}/${name}.log` : null;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (logFile) appendFileSync(logFile, text);
    server.log.push(text);
    if (server.log.length > 200) server.log.shift();
    for (const line of text.split('\n')) {
      if (!/"level":(50|60)/.test(line)) continue;
      server.errors.count++;
      if (server.errors.first.length < 20) server.errors.first.push(line.slice(0, 600));
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return server;
}

export async function waitReady(base: string, child?: ChildProcess, seconds = 240): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`server at ${base} exited`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${base} not ready after ${seconds} s`);
}

export async function stopServerProcess(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

function statTicks(path: string): number {
  try {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const text = readFileSync(path, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // the process or thread is gone
  }
}

/** System (kernel) CPU ticks of a whole process: socket reads and writes, wake-ups. */
export function systemTicks(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[12]);
  } catch {
    return 0;
  }
}

/** Context switches (voluntary + involuntary) of a whole process so far, summed over its threads. */
export function contextSwitches(pid: number): number {
  let n = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      for (const m of status.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)/gm)) n += Number(m[1]);
    }
  } catch {
    // gone
  }
  return n;
}

/** CPU ticks (user + system) of a whole process, or of its main thread only. */
export function cpuTicks(pid: number, mainThreadOnly = false): number {
  return statTicks(mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`);
}

export function rssBytes(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU ticks of the PostgreSQL backends connected to one database (their process title names it). */
export function postgresTicks(database: string): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `))
      ticks += statTicks(`/proc/${entry}/stat`);
  }
  return ticks;
}

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Microseconds of CPU per operation from a tick delta. */
export const usPer = (ticks: number, operations: number) =>
  operations > 0 ? (ticks / CLOCK_TICKS / operations) * 1e6 : Number.NaN;

export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** A V8 CPU profile of this process from now; the answer stops it and writes it to `file`. */
export async function startCpuProfile(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file: string) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
