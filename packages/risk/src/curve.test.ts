import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountFactor, makeCurve, shiftCurve, zeroRate } from './curve';

const curve = makeCurve([
  { tenor: 10, rate: 0.045 },
  { tenor: 1, rate: 0.03 },
  { tenor: 2, rate: 0.035 },
]);

describe('zero curve', () => {
  it('interpolates linearly between tenors and extrapolates flat', () => {
    expect(zeroRate(curve, 0.25)).toBe(0.03);
    expect(zeroRate(curve, 1.5)).toBeCloseTo(0.0325, 12);
    expect(zeroRate(curve, 6)).toBeCloseTo(0.04, 12);
    expect(zeroRate(curve, 30)).toBe(0.045);
  });

  it('discounts with annual compounding plus spread', () => {
    expect(discountFactor(curve, 2, 0.01)).toBeCloseTo(1 / 1.045 ** 2, 12);
  });

  it('refuses empty curves, duplicate and non-positive tenors', () => {
    expect(() => makeCurve([])).toThrow();
    expect(() => makeCurve([{ tenor: 1, rate: 0.01 }, { tenor: 1, rate: 0.02 }])).toThrow();
    expect(() => makeCurve([{ tenor: 0, rate: 0.01 }])).toThrow();
  });

  it('stays between its neighbouring points (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50, noNaN: true }), (t) => {
        const r = zeroRate(curve, t);
        expect(r).toBeGreaterThanOrEqual(0.03);
        expect(r).toBeLessThanOrEqual(0.045);
      }),
    );
  });

  it('shifts in parallel', () => {
    expect(zeroRate(shiftCurve(curve, 0.01), 1.5)).toBeCloseTo(0.0425, 12);
  });
});
