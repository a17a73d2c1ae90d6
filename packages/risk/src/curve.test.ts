import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountFactor, forwardRate, makeCurve, shiftCurve, zeroRate } from './curve';

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
    expect(() =>
      makeCurve([
        { tenor: 1, rate: 0.01 },
        { tenor: 1, rate: 0.02 },
      ]),
    ).toThrow();
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

describe('forwardRate', () => {
  it('implies the textbook forward: 1y at 3 %, 2y at 4 % -> 1y1y 5.0097 %', () => {
    const c = makeCurve([
      { tenor: 1, rate: 0.03 },
      { tenor: 2, rate: 0.04 },
    ]);
    expect(forwardRate(c, 1, 2)).toBeCloseTo(1.04 ** 2 / 1.03 - 1, 12);
    expect(forwardRate(c, 1, 2)).toBeCloseTo(0.050097, 6);
  });
  it('equals the flat rate on a flat curve and the spot rate from today', () => {
    const flat = makeCurve([{ tenor: 1, rate: 0.025 }]);
    expect(forwardRate(flat, 3, 3.5)).toBeCloseTo(0.025, 12);
    expect(forwardRate(curve, 0, 2)).toBeCloseTo(zeroRate(curve, 2), 12);
  });
});
