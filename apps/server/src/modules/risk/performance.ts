import { compilePortfolio, maxDrawdown, performanceMeasures, TRADING_DAYS, type PerformanceDay } from '@meridian/risk';
import type { Performance } from '@meridian/schemas';
import type { Db } from '../../db/client';
import { backfillIfEmpty, snapshotsOf } from './history';
import { marketHistory, todayMarket, type MarketHistory } from './market';
import { loadPortfolio, type Portfolio } from './positions';

// Performance Metrics of the investor dashboard (issue 14): Sharpe ratio, max drawdown, alpha
// and beta from the stored daily values. No licensed equity-index history exists, so the
// benchmark is one the platform computes: every instrument held on the platform at its value,
// kept as its own daily history (scope key `benchmark`) by the same back-fill and daily job.

export const BENCHMARK_KEY = 'benchmark';
export const BENCHMARK = {
  name: 'Meridian Market Index',
  definition:
    'Value-weighted index of every instrument held on the platform (all holders’ units at their values, cash excluded), revalued through the same history as the portfolio',
};
const METHOD =
  'Daily returns = stored P&L / previous stored value (back-filled days: today’s holdings under each day’s real market move). ' +
  'Sharpe = √252 · mean / sd of excess returns over the 3-month US Treasury of each day; beta and alpha (Jensen, annualised) ' +
  'from the regression of excess returns on the benchmark’s; max drawdown from the stored values.';

/** The benchmark portfolio: the whole market's holdings without cash. */
export async function benchmarkPortfolio(db: Db, asOf?: string): Promise<Portfolio> {
  const market = await loadPortfolio(db, { scope: 'market', userId: '', organisationId: null }, asOf);
  return {
    ...market,
    key: BENCHMARK_KEY,
    name: BENCHMARK.name,
    positions: market.positions.filter((p) => p.kind !== 'cash'),
  };
}

/** Its stored history, back-filled by the engine the first time it is asked for. */
async function benchmarkSnapshots(db: Db, history: MarketHistory) {
  const stored = await snapshotsOf(db, BENCHMARK_KEY);
  if (stored.some((r) => r.source === 'backfill')) return stored;
  const [portfolio, market] = await Promise.all([benchmarkPortfolio(db), todayMarket(db)]);
  // Only the compiled positions are needed here (no VaR of the index itself).
  await backfillIfEmpty(db, BENCHMARK_KEY, compilePortfolio(portfolio.positions, market.state), history);
  return snapshotsOf(db, BENCHMARK_KEY);
}

type Snapshot = Awaited<ReturnType<typeof snapshotsOf>>[number];

/**
 * date → simple return of that day (P&L over the previous stored value). The first daily row
 * after the back-filled window follows a gap (its P&L is 0 by construction): not a return.
 */
function returnsByDate(rows: readonly Snapshot[]): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 1; i < rows.length; i++) {
    if (rows[i]!.source !== rows[i - 1]!.source) continue;
    const previous = Number(rows[i - 1]!.value);
    if (previous > 0) out.set(rows[i]!.snapshotDate, Number(rows[i]!.pnl) / previous);
  }
  return out;
}

/** The 3-month Treasury yield (decimal, annual) in force on each date. */
function riskFreeOn(history: MarketHistory): (date: string) => number | null {
  const curves = history.curves;
  return (date) => {
    let lo = 0;
    let hi = curves.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (curves[mid]!.date <= date) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const y = found >= 0 ? curves[found]!.yieldsPercent[0] : null;
    return y === null || y === undefined ? null : y / 100;
  };
}

const round = (x: number | null, digits: number) =>
  x === null || !Number.isFinite(x) ? null : Math.round(x * 10 ** digits) / 10 ** digits;

/** Performance of a portfolio from its stored snapshots against the benchmark's. */
export async function performanceOf(db: Db, snapshots: readonly Snapshot[]): Promise<Performance> {
  const history = await marketHistory(db);
  const benchmark = returnsByDate(await benchmarkSnapshots(db, history));
  const portfolio = returnsByDate(snapshots);
  const rateOn = riskFreeOn(history);
  const days: (PerformanceDay & { date: string; rate: number })[] = [];
  for (const [date, r] of portfolio) {
    const b = benchmark.get(date);
    const rate = rateOn(date);
    if (b === undefined || rate === null) continue;
    days.push({ date, portfolio: r, benchmark: b, riskFree: rate / TRADING_DAYS, rate });
  }
  const measures = performanceMeasures(days);
  const values = snapshots.map((s) => Number(s.value));
  return {
    benchmark: BENCHMARK,
    days: measures.days,
    from: days[0]?.date ?? null,
    to: days.at(-1)?.date ?? null,
    sharpeRatio: round(measures.sharpe, 2),
    maxDrawdownPercent: values.length ? round(maxDrawdown(values) * 100, 2) : null,
    alphaPercent: round(measures.alpha === null ? null : measures.alpha * 100, 2),
    beta: round(measures.beta, 2),
    riskFreePercent: days.length ? round((days.reduce((s, d) => s + d.rate, 0) / days.length) * 100, 2) : null,
    method: METHOD,
  };
}
