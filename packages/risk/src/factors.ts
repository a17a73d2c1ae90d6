import type { CashFlow } from './cash-flows';
import type { ZeroCurve } from './curve';

// The risk-factor model. Factors: a zero curve per currency (shocked on one common tenor grid),
// a credit spread per rating, the USD value of each currency, and a price per instrument that
// has no cash flows carrying its value (stocks): that price comes from the platform's own trades.
// Engine numbers are doubles in currency units; money goes back to minor units at the edge.

/** Tenors (years) every curve shock is expressed on: the Treasury tenors from 3 months to 30 years. */
export const SHOCK_TENORS = [0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30] as const;

export interface RiskPosition {
  /** Instrument id (or any stable key): factor names and "not priced" lines cite it. */
  id: string;
  name: string;
  currency: string;
  /** Units held (negative = short). */
  units: number;
  /** Issuer long-term rating (S&P scale) or null when unrated. */
  rating: string | null;
  /**
   * 'cash-flows': revalued through its future ACTUS flows (per unit, holder's view) on the
   * currency curve plus the rating spread. 'price': no flows carry its value (stock, option
   * without a model): revalued by its own traded-price returns, when it has any. 'cash': a
   * currency balance (price 1, units = amount): only its FX factor moves it.
   */
  kind: 'cash-flows' | 'price' | 'cash';
  flows: readonly CashFlow[];
  /** Current price per unit in currency units (last trade, else model); null = not priced. */
  price: number | null;
}

export interface MarketState {
  /** Zero curve per currency (USD from the Treasury history; others per the package README). */
  curves: Readonly<Record<string, ZeroCurve>>;
  /** Spread over the curve by rating, basis points; unrated positions use `unratedSpreadBp`. */
  spreadsBp: Readonly<Record<string, number>>;
  unratedSpreadBp: number;
  /** USD per 1 unit of each currency (USD itself = 1). */
  usdPerUnit: Readonly<Record<string, number>>;
}

/** One market move applied to today's factors (historical day, stress scenario or bump). */
export interface Scenario {
  name: string;
  /** Absolute change of every currency's zero rate, bp, on SHOCK_TENORS (linear in between, flat outside). */
  rateShiftBp: readonly number[];
  /** Change of the spread by rating bucket, bp (see ratingBucket); absent = 0. */
  spreadShiftBp?: Partial<Record<RatingBucket, number>>;
  /** Relative change of the USD value of a currency (0.1 = currency gains 10 % against USD). */
  fxReturn?: Readonly<Record<string, number>>;
  /** Relative price change of 'price' positions by id; `equityReturn` applies to all others. */
  priceReturn?: Readonly<Record<string, number>>;
  equityReturn?: number;
}

export type RatingBucket = 'AAA-AA' | 'A' | 'BBB' | 'BB' | 'B' | 'CCC-D' | 'unrated';
export const RATING_BUCKETS: readonly RatingBucket[] = ['AAA-AA', 'A', 'BBB', 'BB', 'B', 'CCC-D', 'unrated'];

/** S&P notches, best first; the index is the notch used for exposure-weighted averages. */
export const RATING_SCALE = [
  'AAA',
  'AA+',
  'AA',
  'AA-',
  'A+',
  'A',
  'A-',
  'BBB+',
  'BBB',
  'BBB-',
  'BB+',
  'BB',
  'BB-',
  'B+',
  'B',
  'B-',
  'CCC+',
  'CCC',
  'CCC-',
  'CC',
  'C',
  'D',
] as const;

export function ratingBucket(rating: string | null): RatingBucket {
  const notch = rating === null ? -1 : RATING_SCALE.indexOf(rating as (typeof RATING_SCALE)[number]);
  if (notch < 0) return 'unrated';
  if (notch <= 3) return 'AAA-AA';
  if (notch <= 6) return 'A';
  if (notch <= 9) return 'BBB';
  if (notch <= 12) return 'BB';
  if (notch <= 15) return 'B';
  return 'CCC-D';
}

export const isInvestmentGrade = (rating: string | null) => ['AAA-AA', 'A', 'BBB'].includes(ratingBucket(rating));

/** A zero scenario (today's market): full revaluation under it must return today's value. */
export const BASE_SCENARIO: Scenario = { name: 'Base', rateShiftBp: SHOCK_TENORS.map(() => 0) };

/** Linear interpolation of a shock vector on SHOCK_TENORS: (segment, weight of the upper point). */
export function shockWeights(time: number): { index: number; weight: number } {
  const last = SHOCK_TENORS.length - 1;
  if (time <= SHOCK_TENORS[0]) return { index: 0, weight: 0 };
  if (time >= SHOCK_TENORS[last]!) return { index: last - 1, weight: 1 };
  let upper = 1;
  while (SHOCK_TENORS[upper]! < time) upper += 1;
  const lo = SHOCK_TENORS[upper - 1]!;
  return { index: upper - 1, weight: (time - lo) / (SHOCK_TENORS[upper]! - lo) };
}

/** Checks a caller-supplied scenario: finite shocks, no rate or price below −100 %. */
export function scenarioProblem(scenario: Scenario): string | null {
  if (scenario.rateShiftBp.length !== SHOCK_TENORS.length)
    return `rateShiftBp needs ${SHOCK_TENORS.length} values (${SHOCK_TENORS.join(', ')} years)`;
  const numbers = [
    ...scenario.rateShiftBp,
    ...Object.values(scenario.spreadShiftBp ?? {}),
    ...Object.values(scenario.fxReturn ?? {}),
    ...Object.values(scenario.priceReturn ?? {}),
    scenario.equityReturn ?? 0,
  ];
  if (numbers.some((n) => typeof n !== 'number' || !Number.isFinite(n))) return 'every shock must be a finite number';
  if (scenario.rateShiftBp.some((bp) => Math.abs(bp) > 5_000)) return 'rate shocks are limited to ±5,000 bp';
  if (Object.values(scenario.spreadShiftBp ?? {}).some((bp) => bp! < -5_000 || bp! > 10_000))
    return 'spread shocks are limited to −5,000 .. +10,000 bp';
  const returns = [
    ...Object.values(scenario.fxReturn ?? {}),
    ...Object.values(scenario.priceReturn ?? {}),
    scenario.equityReturn ?? 0,
  ];
  if (returns.some((r) => r <= -1 || r > 10)) return 'FX and price returns must be above −100 % and at most +1,000 %';
  return null;
}
