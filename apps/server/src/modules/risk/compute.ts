import {
  compilePortfolio,
  HISTORICAL_WINDOWS,
  historicalMeasures,
  historicalScenarios,
  parametricMeasures,
  PORTFOLIO_STRESS_SCENARIOS,
  portfolioCs01,
  portfolioDv01,
  RATING_SCALE,
  revalue,
  riskLevel,
  usdScenarios,
  windowScenario,
  type CompiledPortfolio,
  type MarketState,
  type Scenario,
} from '@meridian/risk';
import type { MarketHistory } from './market';
import type { Portfolio } from './positions';

// Pure figures of one portfolio from the engine (no I/O): VaR/ES, sensitivities, rating,
// exposure split, stress results. USD, engine doubles; the service rounds to cents at the edge.

/** Scenarios per VaR: the last 500 Treasury days (about two years). */
export const VAR_SCENARIOS = 500;
export const VAR_METHOD =
  'Historical simulation, full revaluation through ACTUS cash flows: 500 daily changes of the US Treasury curve ' +
  '(applied to every currency curve, constant basis) and ECB FX rates ending on the last day of data; VaR = the ' +
  '⌈(1−α)·N⌉-th worst P&L; 10-day from overlapping 10-day changes; ES 97.5 % = mean of the tail; parametric = delta-normal.';

const CATEGORY: Record<string, string> = {
  PAM: 'Bonds',
  ANN: 'Bonds',
  LAM: 'Bonds',
  STK: 'Equities',
  OPTNS: 'Derivatives',
  FUTUR: 'Derivatives',
  SWAPS: 'Derivatives',
  SWPPV: 'Derivatives',
  CEG: 'Derivatives',
  CASH: 'Cash',
};

export interface PortfolioFigures {
  compiled: CompiledPortfolio;
  value: number;
  var: ReturnType<typeof historicalMeasures> & {
    var95TenDay: number;
    var99TenDay: number;
    parametric95: number;
    parametric99: number;
    window: { from: string; to: string } | null;
  };
  dv01: number;
  cs01: number;
  rating: { rating: string | null; ratedShare: number };
  exposure: { category: string; value: number; percent: number }[];
  grossValue: number;
  leverage: number | null;
  concentration: number | null;
  noHistory: string[];
}

export function computeFigures(portfolio: Portfolio, market: MarketState, history: MarketHistory): PortfolioFigures {
  const compiled = compilePortfolio(portfolio.positions, market);
  const oneDay = historicalScenarios(history.curves, history.fx, { horizonDays: 1, count: VAR_SCENARIOS });
  const tenDay = historicalScenarios(history.curves, history.fx, { horizonDays: 10, count: VAR_SCENARIOS });
  const empty = compiled.positions.length === 0 || oneDay.length === 0;
  const one = empty ? { var95: 0, var99: 0, es975: 0, scenarios: 0 } : historicalMeasures(revalue(compiled, oneDay));
  const ten = empty ? { var95: 0, var99: 0 } : historicalMeasures(revalue(compiled, tenDay));
  const parametric = empty ? { var95: 0, var99: 0 } : parametricMeasures(compiled, oneDay);
  const values = compiled.baseValues;
  const grossValue = values.reduce((s, v) => s + Math.abs(v), 0);
  const value = compiled.baseValue;
  return {
    compiled,
    value,
    var: {
      ...one,
      var95TenDay: ten.var95,
      var99TenDay: ten.var99,
      parametric95: parametric.var95,
      parametric99: parametric.var99,
      window: oneDay.length ? { from: oneDay[0]!.from, to: oneDay.at(-1)!.to } : null,
    },
    dv01: empty ? 0 : portfolioDv01(compiled),
    cs01: empty ? 0 : portfolioCs01(compiled),
    rating: weightedRating(compiled),
    exposure: exposureSplit(compiled, portfolio),
    grossValue,
    leverage: value > 0 ? grossValue / value : null,
    concentration: largestShare(compiled, value),
    noHistory: noHistory(compiled),
  };
}

/** Exposure-weighted average notch of rated holdings (cash excluded), rounded to a notch. */
function weightedRating(c: CompiledPortfolio) {
  let weighted = 0;
  let rated = 0;
  let total = 0;
  c.positions.forEach((p, i) => {
    if (p.kind === 'cash') return;
    const weight = Math.abs(c.baseValues[i]!);
    total += weight;
    const notch = p.rating === null ? -1 : RATING_SCALE.indexOf(p.rating as (typeof RATING_SCALE)[number]);
    if (notch < 0) return;
    weighted += weight * notch;
    rated += weight;
  });
  return {
    rating: rated > 0 ? RATING_SCALE[Math.round(weighted / rated)]! : null,
    ratedShare: total > 0 ? Math.round((rated / total) * 10_000) / 100 : 0,
  };
}

function exposureSplit(c: CompiledPortfolio, portfolio: Portfolio) {
  const sums = new Map<string, number>();
  c.positions.forEach((p, i) => {
    const category = CATEGORY[portfolio.info.get(p.id)?.contractType ?? ''] ?? 'Other';
    sums.set(category, (sums.get(category) ?? 0) + Math.abs(c.baseValues[i]!));
  });
  const gross = [...sums.values()].reduce((s, v) => s + v, 0);
  return [...sums.entries()]
    .map(([category, value]) => ({
      category,
      value,
      percent: gross > 0 ? Math.round((value / gross) * 10_000) / 100 : 0,
    }))
    .sort((a, b) => b.value - a.value);
}

/** Largest single non-cash holding as a percent of the portfolio value. */
function largestShare(c: CompiledPortfolio, value: number): number | null {
  if (!(value > 0)) return null;
  let largest = 0;
  c.positions.forEach((p, i) => {
    if (p.kind !== 'cash') largest = Math.max(largest, Math.abs(c.baseValues[i]!));
  });
  return (largest / value) * 100;
}

function noHistory(c: CompiledPortfolio): string[] {
  const out: string[] = [];
  if (c.positions.some((p) => p.kind === 'cash-flows'))
    out.push(
      'no history for credit spreads (no licensed series): spreads are held constant in VaR, shocked in stress tests',
    );
  for (const p of c.positions.filter((x) => x.kind === 'price'))
    out.push(
      `no history for ${p.name} (its platform trades do not cover the scenario window): price held constant in VaR`,
    );
  return out;
}

export interface StressFigure {
  scenario: string;
  impact: number;
  impactPercent: number;
  riskLevel: ReturnType<typeof riskLevel>;
  note: string | null;
}

/** The standard set, USD ±10 %, and the 2008 and 2020 windows replayed from the data. */
export function standardScenarios(
  compiled: CompiledPortfolio,
  history: MarketHistory,
): { scenario: Scenario; note: string | null }[] {
  const hasEquity = compiled.positions.some((p) => p.kind === 'price');
  const list: { scenario: Scenario; note: string | null }[] = [
    ...PORTFOLIO_STRESS_SCENARIOS.map((scenario) => ({
      scenario,
      note: scenario.equityReturn !== undefined && !hasEquity ? 'no equity positions' : null,
    })),
    ...usdScenarios(['USD', ...compiled.currencies]).map((scenario) => ({ scenario, note: null })),
  ];
  for (const w of HISTORICAL_WINDOWS) {
    const scenario = windowScenario(w.name, history.curves, history.fx, w.from, w.to);
    list.push(
      scenario
        ? {
            scenario,
            note: 'Treasury curve and ECB FX moves of the window; no history for credit spreads and equities',
          }
        : { scenario: { name: w.name, rateShiftBp: [] }, note: 'not in the shipped data' },
    );
  }
  return list;
}

export function stressFigures(
  compiled: CompiledPortfolio,
  list: { scenario: Scenario; note: string | null }[],
): StressFigure[] {
  const runnable = list.filter((s) => s.scenario.rateShiftBp.length > 0);
  const pnl = revalue(
    compiled,
    runnable.map((s) => s.scenario),
  );
  return runnable.map(({ scenario, note }, i) => ({
    scenario: scenario.name,
    impact: pnl[i]!,
    impactPercent: compiled.baseValue > 0 ? (pnl[i]! / compiled.baseValue) * 100 : 0,
    riskLevel: riskLevel(pnl[i]!, compiled.baseValue),
    note,
  }));
}
