import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CashFlow } from './cash-flows';
import { makeCurve } from './curve';
import {
  curveDv01,
  dv01,
  macaulayDuration,
  modifiedDuration,
  presentValue,
  priceAtYield,
  yieldToMaturity,
} from './pricing';

/** Annual-coupon bullet bond per 100 face. */
const bond = (coupon: number, years: number): CashFlow[] =>
  Array.from({ length: years }, (_, i) => ({ time: i + 1, amount: i + 1 === years ? 100 + coupon : coupon }));

describe('textbook bonds', () => {
  it('3-year 10% annual coupon at 12%: price 95.196, Macaulay 2.7287, modified 2.4363', () => {
    const flows = bond(10, 3);
    expect(priceAtYield(flows, 0.12)).toBeCloseTo(95.1963, 4);
    expect(macaulayDuration(flows, 0.12)).toBeCloseTo(2.7287, 4);
    expect(modifiedDuration(flows, 0.12)).toBeCloseTo(2.4363, 4);
    expect(yieldToMaturity(flows, 95.1963)).toBeCloseTo(0.12, 6);
  });

  it('5-year 6% bond priced at par yields 6% with Macaulay duration 4.4651', () => {
    const flows = bond(6, 5);
    expect(yieldToMaturity(flows, 100)).toBeCloseTo(0.06, 10);
    expect(macaulayDuration(flows, 0.06)).toBeCloseTo(4.4651, 4);
  });

  it('zero-coupon: duration equals maturity, 100 in 2 years at 5% is worth 90.7029', () => {
    const flows = [{ time: 2, amount: 100 }];
    expect(priceAtYield(flows, 0.05)).toBeCloseTo(90.7029, 4);
    expect(macaulayDuration(flows, 0.05)).toBeCloseTo(2, 12);
  });

  it('DV01 of the 5-year 6% par bond is 0.0421 per 100', () => {
    // Modified duration 4.2124 x price 100 x 1bp.
    expect(dv01(bond(6, 5), 0.06)).toBeCloseTo(0.04212, 5);
  });
});

describe('present value on a curve', () => {
  const curve = makeCurve([
    { tenor: 1, rate: 0.03 },
    { tenor: 5, rate: 0.04 },
  ]);

  it('discounts each flow at its interpolated zero rate plus the spread', () => {
    const flows = [
      { time: 1, amount: 5 },
      { time: 3, amount: 105 },
    ];
    const expected = 5 / 1.04 + 105 / 1.045 ** 3;
    expect(presentValue(flows, curve, 0.01)).toBeCloseTo(expected, 10);
  });

  it('curve DV01 of a bond is positive and close to its yield DV01', () => {
    const flows = bond(4, 5);
    const price = presentValue(flows, curve);
    const y = yieldToMaturity(flows, price)!;
    expect(curveDv01(flows, curve)).toBeGreaterThan(0);
    expect(curveDv01(flows, curve)).toBeCloseTo(dv01(flows, y), 4);
  });
});

describe('properties', () => {
  const flowsArb = fc
    .array(
      fc.record({
        time: fc.double({ min: 0.05, max: 40, noNaN: true }),
        amount: fc.double({ min: 0.01, max: 1e6, noNaN: true }),
      }),
      {
        minLength: 1,
        maxLength: 40,
      },
    )
    .map((flows) => [...flows].sort((a, b) => a.time - b.time));

  it('the yield of the price at y is y', () => {
    fc.assert(
      fc.property(flowsArb, fc.double({ min: -0.2, max: 0.5, noNaN: true }), (flows, y) => {
        const found = yieldToMaturity(flows, priceAtYield(flows, y));
        expect(found).not.toBeNull();
        expect(found!).toBeCloseTo(y, 6);
      }),
    );
  });

  it('on a flat curve, PV equals the price at the curve rate plus spread', () => {
    fc.assert(
      fc.property(
        flowsArb,
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        (flows, r, s) => {
          const pv = presentValue(flows, makeCurve([{ tenor: 1, rate: r }]), s);
          expect(pv).toBeCloseTo(priceAtYield(flows, r + s), 6);
        },
      ),
    );
  });

  it('price falls as yield rises, and DV01 ~ modified duration x price x 1bp', () => {
    fc.assert(
      fc.property(flowsArb, fc.double({ min: 0, max: 0.3, noNaN: true }), (flows, y) => {
        const price = priceAtYield(flows, y);
        expect(priceAtYield(flows, y + 0.01)).toBeLessThan(price);
        // Central differences carry a convexity error of order (1bp)^2: compare relatively.
        const analytic = modifiedDuration(flows, y)! * price * 1e-4;
        expect(Math.abs(dv01(flows, y) - analytic)).toBeLessThanOrEqual(1e-5 * analytic);
      }),
    );
  });
});

describe('yieldToMaturity edge cases', () => {
  it('has no yield without flows or for a price the flows cannot reach', () => {
    expect(yieldToMaturity([], 100)).toBeNull();
    expect(yieldToMaturity([{ time: 1, amount: -5 }], 50)).toBeNull();
  });
  it('finds deeply negative and very high yields', () => {
    expect(yieldToMaturity([{ time: 1, amount: 100 }], 400)).toBeCloseTo(-0.75, 8);
    expect(yieldToMaturity([{ time: 1, amount: 100 }], 2)).toBeCloseTo(49, 6);
  });
});
