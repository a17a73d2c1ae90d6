import type { CashFlow } from './cash-flows';
import { discountFactor, type ZeroCurve } from './curve';
import { brentRoot } from './root';

/** Present value of cash flows on a zero curve plus a credit spread (decimal, 0.015 = 150 bp). */
export function presentValue(flows: readonly CashFlow[], curve: ZeroCurve, spread = 0): number {
  return flows.reduce((sum, flow) => sum + flow.amount * discountFactor(curve, flow.time, spread), 0);
}

/** Price of cash flows at one flat, annually compounded yield: sum of amount x (1 + y)^-t. */
export function priceAtYield(flows: readonly CashFlow[], yieldRate: number): number {
  return flows.reduce((sum, flow) => sum + flow.amount * (1 + yieldRate) ** -flow.time, 0);
}

/** Yields searched: just above -100 % up to 10,000 % a year. */
const MIN_YIELD = -0.99;
const MAX_YIELD = 100;

/**
 * Yield to maturity: the annually compounded yield at which the flows are worth `price`.
 * Returns null when no yield exists (no flows, or no sign change in the search range, as for
 * flows of mixed sign that cannot reach the price). Brent's method on a widening bracket.
 */
export function yieldToMaturity(flows: readonly CashFlow[], price: number): number | null {
  if (flows.length === 0 || !Number.isFinite(price)) return null;
  const gap = (y: number) => priceAtYield(flows, y) - price;
  let low = -0.5;
  let high = 1;
  while (gap(low) * gap(high) > 0 && (low > MIN_YIELD || high < MAX_YIELD)) {
    low = Math.max(MIN_YIELD, low - (low - MIN_YIELD) / 2 - 0.01);
    high = Math.min(MAX_YIELD, high * 2);
  }
  const root = brentRoot(gap, low, high, { tolerance: 1e-12 });
  return root.ok ? root.value : null;
}

/** Macaulay duration in years at `yieldRate`: PV-weighted average time of the flows; null if the price is not positive. */
export function macaulayDuration(flows: readonly CashFlow[], yieldRate: number): number | null {
  const price = priceAtYield(flows, yieldRate);
  if (!(price > 0)) return null;
  const weighted = flows.reduce((sum, flow) => sum + flow.time * flow.amount * (1 + yieldRate) ** -flow.time, 0);
  return weighted / price;
}

/** Modified duration (annual compounding): Macaulay / (1 + y), the relative price change per unit of yield. */
export function modifiedDuration(flows: readonly CashFlow[], yieldRate: number): number | null {
  const macaulay = macaulayDuration(flows, yieldRate);
  return macaulay === null ? null : macaulay / (1 + yieldRate);
}

/** One basis point. */
export const BASIS_POINT = 0.0001;

/**
 * DV01: the price gain for a one basis point fall in yield, by central difference
 * (P(y - 1bp) - P(y + 1bp)) / 2, in the currency of the flows.
 */
export function dv01(flows: readonly CashFlow[], yieldRate: number): number {
  return (priceAtYield(flows, yieldRate - BASIS_POINT) - priceAtYield(flows, yieldRate + BASIS_POINT)) / 2;
}

/** DV01 against the curve: value gain when the whole zero curve (plus spread) falls 1 bp, for flows with no single yield (swaps). */
export function curveDv01(flows: readonly CashFlow[], curve: ZeroCurve, spread = 0): number {
  return (presentValue(flows, curve, spread - BASIS_POINT) - presentValue(flows, curve, spread + BASIS_POINT)) / 2;
}
