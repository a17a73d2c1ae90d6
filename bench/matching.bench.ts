/**
 * npm run bench:matching — in-memory matching throughput and latency of our FastBook
 * beside nodejs-order-book, same workload, same process. Method in docs/benchmarks.md.
 * Env: BENCH_OPS (default 300000), BENCH_RUNS (default 5).
 */
import { cpus } from 'node:os';
import { meridianSubject, peerSubject, type Subject } from './matching-subjects';
import { buildWorkload, type Workload } from './matching-workload';

const OPS = Number(process.env.BENCH_OPS ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function prime(subject: Subject, w: Workload): void {
  subject.reset();
  for (let i = 0; i < w.initialCount; i++) subject.apply(w, i);
}

/** Ops per second over the mixed phase, timed as one block (no per-op timer cost). */
function throughput(subject: Subject, w: Workload): number {
  prime(subject, w);
  const start = process.hrtime.bigint();
  for (let i = w.initialCount; i < w.count; i++) subject.apply(w, i);
  const ns = Number(process.hrtime.bigint() - start);
  return ((w.count - w.initialCount) * 1e9) / ns;
}

/** Per-operation latency in ns; each sample includes one hrtime.bigint pair (reported apart). */
function latency(subject: Subject, w: Workload): { p50: number; p99: number; p999: number } {
  prime(subject, w);
  const samples = new Float64Array(w.count - w.initialCount);
  for (let i = w.initialCount; i < w.count; i++) {
    const t0 = process.hrtime.bigint();
    subject.apply(w, i);
    samples[i - w.initialCount] = Number(process.hrtime.bigint() - t0);
  }
  samples.sort();
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99), p999: at(0.999) };
}

function timerOverhead(): number {
  const samples = new Float64Array(100_000);
  for (let i = 0; i < samples.length; i++) {
    const t0 = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  return samples.sort()[samples.length >> 1]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

function measure(subject: Subject, w: Workload) {
  throughput(subject, w); // warm-up: let the JIT settle, discarded
  const rates: number[] = [];
  const p50: number[] = [];
  const p99: number[] = [];
  const p999: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    rates.push(throughput(subject, w));
    const l = latency(subject, w);
    p50.push(l.p50);
    p99.push(l.p99);
    p999.push(l.p999);
  }
  return {
    name: subject.name,
    opsPerSecond: median(rates),
    p50Ns: median(p50),
    p99Ns: median(p99),
    p999Ns: median(p999),
    runs: rates.map(Math.round),
  };
}

const workload = buildWorkload(OPS);
const ours = meridianSubject();
const peer = peerSubject(workload);

// Same final book from both, or the comparison means nothing.
prime(ours, workload);
prime(peer, workload);
for (let i = workload.initialCount; i < workload.count; i++) {
  ours.apply(workload, i);
  peer.apply(workload, i);
}
const agree = JSON.stringify(ours.top()) === JSON.stringify(peer.top()) && ours.size() === peer.size();
const finalSize = ours.size();

const results = [measure(ours, workload), measure(peer, workload)];
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
console.log(
  `workload: 10,000 resting, then ${OPS.toLocaleString('en-US')} ops (60% limit / 30% cancel / 10% market); ${RUNS} runs, median`,
);
console.log(`machine: ${machine}; hrtime.bigint pair overhead ~${timerOverhead()} ns (included in latencies)`);
console.log(
  `final books (top 5 levels, order count) identical: ${agree ? 'yes' : 'NO'}; ${finalSize.toLocaleString('en-US')} orders resting at the end`,
);
console.log('| book | ops/s | p50 | p99 | p99.9 |');
console.log('|---|---:|---:|---:|---:|');
for (const r of results) {
  const us = (ns: number) => `${(ns / 1000).toFixed(2)} us`;
  console.log(
    `| ${r.name} | ${Math.round(r.opsPerSecond).toLocaleString('en-US')} | ${us(r.p50Ns)} | ${us(r.p99Ns)} | ${us(r.p999Ns)} |`,
  );
}
console.log(`per-run ops/s: ${results.map((r) => `${r.name}: ${r.runs.join(', ')}`).join('; ')}`);
if (!agree) process.exitCode = 1;
