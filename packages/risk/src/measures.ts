import { SHOCK_TENORS, RATING_BUCKETS, type Scenario, BASE_SCENARIO } from './factors';
import { inverseNormalCdf } from './normal';
import { type CompiledPortfolio, revalue } from './revaluation';
import { expectedShortfall, historicalVar, meanAndStdDev } from './var';

// Portfolio measures from full revaluation. Conventions: P&L gains positive; VaR and ES are
// positive losses; VaR(α) = the ⌈(1−α)·N⌉-th worst P&L of N scenarios (var.ts); DV01/CS01 are
// the value LOST for a 1 bp rise (central difference), so a long bond has a positive DV01.

const zeros = () => SHOCK_TENORS.map(() => 0);
const bump = (bp: number, only?: number): Scenario => ({
  name: `rates ${bp} bp`,
  rateShiftBp: SHOCK_TENORS.map((_, k) => (only === undefined || only === k ? bp : 0)),
});
const spreadBump = (bp: number): Scenario => ({
  name: `spreads ${bp} bp`,
  rateShiftBp: zeros(),
  spreadShiftBp: Object.fromEntries(RATING_BUCKETS.map((b) => [b, bp])),
});

/** USD lost when every curve rises 1 bp (parallel), by central difference. */
export function portfolioDv01(portfolio: CompiledPortfolio): number {
  const [up, down] = revalue(portfolio, [bump(1), bump(-1)]);
  return (down! - up!) / 2;
}

/** USD lost when every credit spread widens 1 bp. */
export function portfolioCs01(portfolio: CompiledPortfolio): number {
  const [up, down] = revalue(portfolio, [spreadBump(1), spreadBump(-1)]);
  return (down! - up!) / 2;
}

export interface HistoricalVarResult {
  var95: number;
  var99: number;
  es975: number;
  scenarios: number;
}

export function historicalMeasures(pnl: ArrayLike<number>): HistoricalVarResult {
  const sample = Array.from(pnl);
  return {
    var95: historicalVar(sample, 0.95),
    var99: historicalVar(sample, 0.99),
    es975: expectedShortfall(sample, 0.975),
    scenarios: sample.length,
  };
}

/** Delta-normal VaR from factor deltas and their covariance: z_α · √(δᵀ Σ δ). */
export function deltaNormalVar(
  deltas: readonly number[],
  covariance: readonly (readonly number[])[],
  confidence: number,
) {
  let variance = 0;
  for (let i = 0; i < deltas.length; i++)
    for (let j = 0; j < deltas.length; j++) variance += deltas[i]! * deltas[j]! * covariance[i]![j]!;
  return inverseNormalCdf(confidence) * Math.sqrt(Math.max(0, variance));
}

/**
 * Parametric (delta-normal) VaR beside the historical one: deltas by bump-and-reprice (one
 * per key-rate tenor, per currency against USD, per traded price), the linear P&L they imply in
 * each historical scenario, and z·σ of that P&L — the same as z·√(δᵀΣδ) with Σ the sample
 * covariance of the factor changes.
 */
export function parametricMeasures(portfolio: CompiledPortfolio, scenarios: readonly Scenario[]) {
  if (scenarios.length < 2 || portfolio.positions.length === 0) return { var95: 0, var99: 0 };
  const keyRate = Array.from(
    revalue(
      portfolio,
      SHOCK_TENORS.map((_, k) => bump(1, k)),
    ),
  );
  const fxDelta = Array.from(
    revalue(
      portfolio,
      portfolio.currencies.map((ccy) => ({ ...BASE_SCENARIO, fxReturn: { [ccy]: 0.01 } })),
    ),
  ).map((d) => d / 0.01);
  const priced = portfolio.positions.filter((p) => p.kind === 'price');
  const priceDelta = Array.from(
    revalue(
      portfolio,
      priced.map((p) => ({ ...BASE_SCENARIO, priceReturn: { [p.id]: 0.01 } })),
    ),
  ).map((d) => d / 0.01);
  const linear = scenarios.map((s) => {
    let pnl = 0;
    keyRate.forEach((d, k) => (pnl += d * s.rateShiftBp[k]!));
    portfolio.currencies.forEach((ccy, c) => (pnl += fxDelta[c]! * (s.fxReturn?.[ccy] ?? 0)));
    priced.forEach((p, i) => (pnl += priceDelta[i]! * (s.priceReturn?.[p.id] ?? 0)));
    return pnl;
  });
  const { stdDev } = meanAndStdDev(linear);
  return { var95: inverseNormalCdf(0.95) * stdDev, var99: inverseNormalCdf(0.99) * stdDev };
}
