/**
 * npm run bench:actus — contracts per second (schedule + events with payoffs and
 * states, i.e. generateEvents on parsed terms) per contract type over the official
 * ACTUS test cases. Method and figures in docs/benchmarks.md. The whole workload is run three times
 * (~300 ms per type each) as warm-up before any measurement.
 * Env: ACTUS_TESTS_DIR (default ../shared/actus-tests), BENCH_RUNS (default 7),
 * BENCH_MS (target duration of one run per type, default 1000), BENCH_LEAN=1 (the lean
 * result, generateCashFlows: numbers only, no output records).
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import * as actus from '../packages/actus/src/index';
import type { ContractTerms, GenerateOptions } from '../packages/actus/src/index';
import { listTestFiles, loadTestCases, observationsOf } from '../packages/actus/src/conformance/load';

const TESTS_DIR = process.env.ACTUS_TESTS_DIR ?? resolve(import.meta.dirname, '../../shared/actus-tests');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const RUN_MS = Number(process.env.BENCH_MS ?? 1000);
const WARMUP_MS = 300;
const LEAN = process.env.BENCH_LEAN === '1';
// Looked up by name so that this file also runs against an engine without the lean mode (a baseline checkout).
const evaluate = LEAN
  ? (actus as unknown as { generateCashFlows: typeof actus.generateEvents }).generateCashFlows
  : actus.generateEvents;

interface Job {
  terms: ContractTerms;
  options: GenerateOptions;
}

function jobsByType(): Map<string, Job[]> {
  const byType = new Map<string, Job[]>();
  for (const c of listTestFiles([TESTS_DIR]).flatMap(loadTestCases)) {
    const parsed = actus.parseTerms(c.terms);
    if (!parsed.ok) continue;
    const type = parsed.value.contractType;
    const job = {
      terms: parsed.value,
      options: { to: c.to, observations: observationsOf(c), observedEvents: c.eventsObserved },
    };
    byType.set(type, [...(byType.get(type) ?? []), job]);
  }
  return byType;
}

interface Rate {
  /** Contracts per second of elapsed (wall-clock) time. */
  wall: number;
  /** Contracts per CPU-second of this process (all its threads, GC included). */
  cpu: number;
}

/** Evaluates every case of the type in turn until RUN_MS of wall time elapsed. */
function run(jobs: Job[], ms = RUN_MS): Rate {
  let contracts = 0;
  let sink = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const budget = BigInt(ms) * 1_000_000n;
  let elapsed = 0n;
  while (elapsed < budget) {
    for (const job of jobs) {
      const result = evaluate(job.terms, job.options);
      if (result.ok) sink += result.value.length;
    }
    contracts += jobs.length;
    elapsed = process.hrtime.bigint() - start;
  }
  const cpu = process.cpuUsage(cpuStart);
  if (sink < 0) console.log(sink);
  return { wall: (contracts * 1e9) / Number(elapsed), cpu: (contracts * 1e6) / (cpu.user + cpu.system) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * The reference engine, actus-core 1.0-beta on OpenJDK 17, measured on this machine on
 * 2026-11-23 with this benchmark's own method (each official case's terms and
 * observations built once outside the timing, schedule + apply timed, warm-up of the
 * whole mixed workload, per type 7 runs of ~1 s, median, one thread, contracts per
 * CPU-second), in runs alternating with bench:actus on f630b34 — NOT in the same run as
 * the figures printed here (issue 15; load average 1.3-2.9, pass-to-pass spread 10-40 %).
 */
const REFERENCE_LABEL = 'Java (actus-core 1.0-beta, measured 2026-11-23, not in this run)';
const REFERENCE: Record<string, number> = {
  PAM: 171_721,
  ANN: 49_650,
  LAM: 91_855,
  NAM: 84_152,
  SWPPV: 171_223,
  SWAPS: 40_365,
  STK: 253_831,
  OPTNS: 696_815,
  FUTUR: 677_371,
  FXOUT: 1_467_571,
  COM: 3_355_792,
  CLM: 266_703,
  UMP: 354_667,
  CAPFL: 115_522,
  LAX: 50_214,
  CEG: 52_613,
  CEC: 51_655,
  CSH: 1_003_197,
};

const byType = jobsByType();
// The machine is shared: the load average is part of every figure's context.
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `ACTUS engine benchmark${LEAN ? ' (lean result)' : ''}: ${RUNS} runs x ~${RUN_MS} ms per type, Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${new Date().toISOString()}, load average ${load()}`,
);
const only = process.env.BENCH_TYPES?.split(',');
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
console.log(
  `| type | cases | per CPU-second (median) | wall-clock (median) | ${REFERENCE_LABEL} | ratio (CPU) | runs (CPU, k) |`,
);
console.log('|---|---:|---:|---:|---:|---:|---|');
// Warm up on the whole mixed workload first, as a platform evaluating many contract types
// would: shared engine code is then optimized for every type, not for the first one run.
const selected = [...byType.entries()]
  .filter(([type]) => !only || only.includes(type))
  .sort(([a], [b]) => a.localeCompare(b));
for (let i = 0; i < 3; i++) for (const [, jobs] of selected) run(jobs, WARMUP_MS);
for (const [type, jobs] of selected) {
  const rates = Array.from({ length: RUNS }, () => run(jobs));
  const cpu = median(rates.map((r) => r.cpu));
  const wall = median(rates.map((r) => r.wall));
  const ref = REFERENCE[type];
  const runs = rates.map((r) => (r.cpu / 1000).toFixed(1)).join(' ');
  console.log(
    `| ${type} | ${jobs.length} | ${fmt(cpu)} | ${fmt(wall)} | ${ref ? fmt(ref) : '-'} | ${ref ? (cpu / ref).toFixed(2) : '-'} | ${runs} |`,
  );
}
console.log(`Finished ${new Date().toISOString()}, load average ${load()}`);
