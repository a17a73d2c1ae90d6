import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inverseNormalCdf } from './normal';
import { expectedShortfall, historicalVar, meanAndStdDev, parametricVar, portfolioStdDev, simpleReturns } from './var';

describe('inverseNormalCdf', () => {
  it.each([
    [0.5, 0],
    [0.95, 1.6448536269514722],
    [0.99, 2.3263478740408408],
    [0.975, 1.959963984540054],
    [0.001, -3.090232306167813],
  ])('Phi^-1(%s) = %s', (p, z) => {
    expect(inverseNormalCdf(p)).toBeCloseTo(z, 8);
  });
});

describe('VaR', () => {
  it('parametric: 1,000,000 at 2 % daily volatility, 95 % one day = 32,897; 10 days = 104,029.7', () => {
    expect(parametricVar(0, 20_000, 0.95)).toBeCloseTo(32_897.07, 1);
    expect(parametricVar(0, 20_000, 0.95, 10)).toBeCloseTo(104_029.68, 1);
  });

  it('historical: the 5th worst of 100 scenarios at 95 %, expected shortfall the mean of the 5 worst', () => {
    const pnl = Array.from({ length: 100 }, (_, i) => i - 50); // -50 .. 49
    expect(historicalVar(pnl, 0.95)).toBe(46);
    expect(expectedShortfall(pnl, 0.95)).toBe(48);
    expect(historicalVar(pnl, 0.99)).toBe(50);
  });

  it('expected shortfall is never below VaR, and VaR grows with confidence (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }),
        (pnl) => {
          expect(expectedShortfall(pnl, 0.95)).toBeGreaterThanOrEqual(historicalVar(pnl, 0.95) - 1e-9);
          expect(historicalVar(pnl, 0.99)).toBeGreaterThanOrEqual(historicalVar(pnl, 0.95));
        },
      ),
    );
  });

  it('two perfectly correlated positions add; uncorrelated ones add in quadrature', () => {
    expect(
      portfolioStdDev(
        [100, 200],
        [
          [0.04, 0.04],
          [0.04, 0.04],
        ],
      ),
    ).toBeCloseTo(60, 10);
    expect(
      portfolioStdDev(
        [300, 400],
        [
          [1, 0],
          [0, 1],
        ],
      ),
    ).toBeCloseTo(500, 10);
  });

  it('measures returns and their moments', () => {
    expect(simpleReturns([100, 110, 99])).toEqual([0.10000000000000009, -0.09999999999999998]);
    const { mean, stdDev } = meanAndStdDev([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(mean).toBe(5);
    expect(stdDev).toBeCloseTo(2.138089935, 9);
  });
});
