/**
 * npm run bench:risk — full-revaluation historical VaR of a 1,000-position portfolio over
 * 500 real daily scenarios (shipped Treasury + ECB histories), compiled engine beside the
 * naive per-scenario loop, same process. Method and figures in docs/benchmarks.md.
 * Env: BENCH_POSITIONS (1000), BENCH_SCENARIOS (500), BENCH_RUNS (5).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import {
  compilePortfolio,
  historicalMeasures,
  historicalScenarios,
  naiveRevalue,
  revalue,
  SHOCK_TENORS,
  type CurveObservation,
  type FxObservation,
  type MarketState,
  type RiskPosition,
} from '@meridian/risk';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1_000);
const SCENARIOS = Number(process.env.BENCH_SCENARIOS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DATA = new URL('../apps/server/src/db/seed/market-data/', import.meta.url);
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'];

function csv(file: string): string[][] {
  return readFileSync(new URL(file, DATA), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
}

// Treasury columns 3 Mo, 6 Mo, 1, 2, 3, 5, 7, 10, 20, 30 Yr are the shock grid.
const GRID_COLUMNS = [4, 6, 7, 8, 9, 10, 11, 12, 13, 14];
const curves: CurveObservation[] = csv('ust_par_yield_curve_daily_1990_2025.csv').map((r) => ({
  date: r[0]!,
  yieldsPercent: GRID_COLUMNS.map((c) => (r[c] ? Number(r[c]) : null)),
}));
const fx: FxObservation[] = csv('fx_ecb_eur_reference_rates_daily_1999_2026.csv').map((r) => {
  const perEur = { USD: Number(r[1]), GBP: Number(r[2]), JPY: Number(r[3]), CHF: Number(r[4]) };
  return {
    date: r[0]!,
    usdPerUnit: {
      USD: 1,
      EUR: perEur.USD,
      GBP: perEur.USD / perEur.GBP,
      JPY: perEur.USD / perEur.JPY,
      CHF: perEur.USD / perEur.CHF,
    },
  };
});
const last = fx.at(-1)!.usdPerUnit;
const today = curves.at(-1)!.yieldsPercent.map((y) => y! / 100);
const market: MarketState = {
  curves: Object.fromEntries(
    CURRENCIES.map((c, i) => [c, SHOCK_TENORS.map((tenor, k) => ({ tenor, rate: today[k]! - 0.002 * i }))]),
  ),
  spreadsBp: { AAA: 10, AA: 30, A: 65, BBB: 135, BB: 280, B: 500 },
  unratedSpreadBp: 200,
  usdPerUnit: last,
};

/** Deterministic portfolio: 90 % semi-annual coupon bonds (1–30 years), 10 % traded stocks. */
function portfolio(): RiskPosition[] {
  const ratings = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', null];
  return Array.from({ length: POSITIONS }, (_, i) => {
    const currency = CURRENCIES[i % CURRENCIES.length]!;
    if (i % 10 === 9)
      return {
        id: `s${i}`,
        name: `Stock ${i}`,
        currency,
        units: 100 + i,
        rating: null,
        kind: 'price' as const,
        flows: [],
        price: 50 + (i % 17),
      };
    const years = 1 + ((i * 7919) % 30);
    const coupon = 0.01 + ((i * 31) % 60) / 1_000;
    const flows = Array.from({ length: years * 2 }, (_, k) => ({
      time: (k + 1) / 2 - 0.1,
      amount: (coupon / 2) * 100 + (k === years * 2 - 1 ? 100 : 0),
    }));
    return {
      id: `b${i}`,
      name: `Bond ${i}`,
      currency,
      units: 1_000 + ((i * 13) % 5_000),
      rating: ratings[i % ratings.length]!,
      kind: 'cash-flows' as const,
      flows,
      price: 100,
    };
  });
}

const positions = portfolio();
const scenarios = historicalScenarios(curves, fx, { horizonDays: 1, count: SCENARIOS });
const flows = positions.reduce((n, p) => n + p.flows.length, 0);

function time<T>(fn: () => T): { result: T; wallMs: number; cpuMs: number } {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const result = fn();
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  return { result, wallMs, cpuMs: (cpu.user + cpu.system) / 1e3 };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const compiled: number[] = [];
const compiledCpu: number[] = [];
let fastPnl: Float64Array = new Float64Array();
for (let run = 0; run < RUNS; run++) {
  const t = time(() => revalue(compilePortfolio(positions, market), scenarios));
  compiled.push(t.wallMs);
  compiledCpu.push(t.cpuMs);
  fastPnl = t.result;
}
const naive = time(() => naiveRevalue(positions, market, scenarios));
const maxDiff = naive.result.reduce((m, x, i) => Math.max(m, Math.abs(x - fastPnl[i]!)), 0);
const revaluations = positions.length * scenarios.length;
const measures = historicalMeasures(fastPnl);

console.log(`machine: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}, node ${process.version}`);
console.log(
  `portfolio: ${positions.length} positions (${flows} cash flows), ${scenarios.length} scenarios ${scenarios[0]?.from} → ${scenarios.at(-1)?.to}`,
);
console.log(
  `compiled engine: median ${median(compiled).toFixed(1)} ms wall, ${median(compiledCpu).toFixed(1)} ms CPU over ${RUNS} runs → ${(revaluations / (median(compiled) / 1000) / 1e6).toFixed(2)} M position revaluations/s`,
);
console.log(
  `naive loop:      ${naive.wallMs.toFixed(1)} ms wall, ${naive.cpuMs.toFixed(1)} ms CPU (1 run) → ${(revaluations / (naive.wallMs / 1000) / 1e6).toFixed(2)} M/s; ratio ${(naive.wallMs / median(compiled)).toFixed(1)}×`,
);
console.log(
  `same result: max |Δ P&L| = ${maxDiff.toExponential(2)} USD; VaR95 ${measures.var95.toFixed(0)}, VaR99 ${measures.var99.toFixed(0)}, ES97.5 ${measures.es975.toFixed(0)} USD`,
);
