import type { MarketState, RiskPosition } from './factors';
import { SHOCK_TENORS } from './factors';

/** A flat 5 % curve on the shock grid in USD and EUR, EUR at 1.10 USD. */
export function flatMarket(rate = 0.05): MarketState {
  const curve = SHOCK_TENORS.map((tenor) => ({ tenor, rate }));
  return {
    curves: { USD: curve, EUR: curve },
    spreadsBp: { AAA: 0, BBB: 150 },
    unratedSpreadBp: 0,
    usdPerUnit: { USD: 1, EUR: 1.1 },
  };
}

export function zeroCouponBond(maturity: number, units = 1, overrides: Partial<RiskPosition> = {}): RiskPosition {
  return {
    id: `zcb-${maturity}`,
    name: `Zero ${maturity}y`,
    currency: 'USD',
    units,
    rating: 'AAA',
    kind: 'cash-flows',
    flows: [{ time: maturity, amount: 100 }],
    price: 100 / 1.05 ** maturity,
    ...overrides,
  };
}

/** Deterministic standard normals (LCG + Box–Muller): tests must not depend on Math.random. */
export function normals(count: number, seed = 42): number[] {
  let state = seed >>> 0;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 1) / 4294967297;
  };
  const out: number[] = [];
  while (out.length < count) {
    const r = Math.sqrt(-2 * Math.log(uniform()));
    const theta = 2 * Math.PI * uniform();
    out.push(r * Math.cos(theta), r * Math.sin(theta));
  }
  return out.slice(0, count);
}
