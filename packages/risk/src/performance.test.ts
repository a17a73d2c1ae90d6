import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxDrawdown, performanceMeasures, TRADING_DAYS, type PerformanceDay } from './performance';

const days = (portfolio: number[], benchmark: number[], riskFree = 0): PerformanceDay[] =>
  portfolio.map((p, i) => ({ portfolio: p, benchmark: benchmark[i]!, riskFree }));

describe('performanceMeasures', () => {
  it('matches a hand computation', () => {
    // Excess returns 1 %, −1 %, 2 %, 0 %: mean 0.5 %, sample sd √(0.0001 · 5/3).
    const result = performanceMeasures(days([0.01, -0.01, 0.02, 0], [0.005, -0.005, 0.01, 0]));
    const sd = Math.sqrt((0.0001 * 5) / 3);
    expect(result.sharpe).toBeCloseTo((0.005 / sd) * Math.sqrt(TRADING_DAYS), 10);
    // The portfolio is exactly twice the benchmark: beta 2, no alpha.
    expect(result.beta).toBeCloseTo(2, 12);
    expect(result.alpha).toBeCloseTo(0, 12);
    expect(result.days).toBe(4);
  });

  it('credits a constant outperformance as alpha (annualised)', () => {
    const benchmark = [0.01, -0.02, 0.015, 0.003, -0.004];
    const result = performanceMeasures(
      days(
        benchmark.map((b) => b + 0.0001),
        benchmark,
        0.0001,
      ),
    );
    expect(result.beta).toBeCloseTo(1, 12);
    expect(result.alpha).toBeCloseTo(0.0001 * TRADING_DAYS, 10);
  });

  it('has no Sharpe ratio or beta without variation, and nothing below two days', () => {
    const flat = performanceMeasures(days([0.001, 0.001, 0.001], [0.01, -0.01, 0.02]));
    expect(flat.sharpe).toBeNull();
    expect(flat.beta).toBeCloseTo(0, 12);
    expect(performanceMeasures(days([0.01, -0.01], [0, 0]))).toMatchObject({ beta: null, alpha: null });
    expect(performanceMeasures(days([0.01], [0.01]))).toEqual({ days: 1, sharpe: null, alpha: null, beta: null });
  });

  it('beta scales with leverage (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), { minLength: 3, maxLength: 40 }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (benchmark, k) => {
          const result = performanceMeasures(
            days(
              benchmark.map((b) => k * b),
              benchmark,
            ),
          );
          if (result.beta !== null) expect(result.beta).toBeCloseTo(k, 6);
        },
      ),
    );
  });
});

describe('maxDrawdown', () => {
  it('is the largest fall from a running peak', () => {
    expect(maxDrawdown([100, 120, 90, 130, 65, 70])).toBeCloseTo(0.5, 12);
    expect(maxDrawdown([100, 101, 102])).toBe(0);
    expect(maxDrawdown([])).toBe(0);
  });
});
