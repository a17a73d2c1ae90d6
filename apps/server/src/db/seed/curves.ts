import type { Db } from '../client';
import { creditSpreads, riskFreeCurvePoints } from '../schema';

/** Date the demo market data describes. */
export const CURVE_AS_OF = '2025-11-14';

const TENORS = [0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30] as const;

/**
 * Annually compounded zero rates in percent per tenor above: shapes and levels of the
 * government curves around the as-of date (inverted front end in USD/GBP, low CHF/JPY).
 */
const ZERO_RATES_PERCENT: Record<string, readonly number[]> = {
  USD: [4.3, 4.2, 4.0, 3.75, 3.7, 3.75, 3.9, 4.1, 4.5, 4.55],
  EUR: [1.95, 1.95, 1.95, 2.0, 2.1, 2.3, 2.5, 2.7, 3.0, 3.05],
  GBP: [4.0, 3.95, 3.85, 3.8, 3.85, 4.0, 4.2, 4.5, 5.0, 5.1],
  JPY: [0.45, 0.5, 0.6, 0.8, 0.95, 1.15, 1.4, 1.65, 2.6, 3.05],
  CHF: [0.0, 0.0, 0.05, 0.1, 0.15, 0.25, 0.35, 0.45, 0.6, 0.65],
  CAD: [2.3, 2.35, 2.45, 2.55, 2.65, 2.85, 3.05, 3.25, 3.6, 3.65],
  AUD: [3.55, 3.5, 3.45, 3.45, 3.55, 3.8, 4.05, 4.35, 4.8, 4.9],
  CNY: [1.4, 1.45, 1.45, 1.5, 1.55, 1.65, 1.75, 1.85, 2.1, 2.2],
  HKD: [3.5, 3.4, 3.2, 3.0, 2.95, 3.0, 3.1, 3.25, 3.5, 3.55],
  SGD: [1.45, 1.5, 1.55, 1.6, 1.65, 1.75, 1.9, 2.05, 2.3, 2.35],
};

/** Spread over the risk-free curve by rating, basis points (typical investment-grade / high-yield levels). */
const SPREADS_BP: Record<string, number> = {
  AAA: 10,
  'AA+': 25,
  AA: 30,
  'AA-': 40,
  'A+': 55,
  A: 65,
  'A-': 80,
  'BBB+': 110,
  BBB: 135,
  'BBB-': 170,
  'BB+': 230,
  BB: 280,
  'BB-': 340,
  'B+': 420,
  B: 500,
  'B-': 600,
};

/** Seeds the demo market data for model prices; existing points are left as they are. */
export async function seedCurves(db: Db): Promise<void> {
  const points = Object.entries(ZERO_RATES_PERCENT).flatMap(([currency, rates]) =>
    TENORS.map((tenorYears, i) => ({ currency, tenorYears, rate: rates[i]! / 100, asOf: CURVE_AS_OF })),
  );
  await db.insert(riskFreeCurvePoints).values(points).onConflictDoNothing();
  const spreads = Object.entries(SPREADS_BP).map(([rating, spreadBp]) => ({ rating, spreadBp, asOf: CURVE_AS_OF }));
  await db.insert(creditSpreads).values(spreads).onConflictDoNothing();
}
