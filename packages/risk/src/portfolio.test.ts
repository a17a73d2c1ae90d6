import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_SCENARIO, SHOCK_TENORS, scenarioProblem, type Scenario } from './factors';
import { historicalScenarios, type CurveObservation } from './history';
import { deltaNormalVar, historicalMeasures, parametricMeasures, portfolioCs01, portfolioDv01 } from './measures';
import { naiveRevalue } from './naive';
import { PORTFOLIO_STRESS_SCENARIOS, riskLevel, usdScenarios } from './portfolio-stress';
import { compilePortfolio, revalue } from './revaluation';
import { flatMarket, normals, zeroCouponBond } from './test-support';

describe('portfolio revaluation', () => {
  it("a zero-coupon bond's DV01 is T/(1+y) · P · 1 bp", () => {
    const market = flatMarket(0.05);
    const bond = zeroCouponBond(10, 1_000);
    const portfolio = compilePortfolio([bond], market);
    const price = 100 / 1.05 ** 10;
    const analytic = (10 / 1.05) * price * 0.0001 * 1_000;
    // central difference: exact up to the third-order term (relative error ~2e-7 here)
    expect(Math.abs(portfolioDv01(portfolio) / analytic - 1)).toBeLessThan(1e-6);
    // AAA spread is 0, so CS01 equals DV01 on a flat curve
    expect(Math.abs(portfolioCs01(portfolio) / analytic - 1)).toBeLessThan(1e-6);
  });

  it('revaluation at zero shock equals present value (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            maturity: fc.double({ min: 0.1, max: 40, noNaN: true }),
            units: fc.integer({ min: -500, max: 500 }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (specs) => {
          const market = flatMarket(0.03);
          const positions = specs.map((s, i) => ({
            ...zeroCouponBond(s.maturity, s.units),
            id: `p${i}`,
            price: 100 / 1.03 ** s.maturity,
          }));
          const portfolio = compilePortfolio(positions, market);
          const [pnl] = revalue(portfolio, [BASE_SCENARIO]);
          expect(Math.abs(pnl!)).toBeLessThan(1e-6 * (1 + Math.abs(portfolio.baseValue)));
          for (let p = 0; p < positions.length; p++)
            expect(portfolio.basePv[p]).toBeCloseTo(100 / 1.03 ** specs[p]!.maturity, 9);
        },
      ),
    );
  });

  it('equals the naive per-scenario loop', () => {
    const market = flatMarket(0.04);
    market.curves = { ...market.curves, USD: SHOCK_TENORS.map((tenor, k) => ({ tenor, rate: 0.02 + k * 0.003 })) };
    const positions = [
      zeroCouponBond(2.5, 10),
      { ...zeroCouponBond(7, -3), id: 'short', rating: 'BBB' },
      { ...zeroCouponBond(12, 5), id: 'eur', currency: 'EUR' },
      { ...zeroCouponBond(1, 4), id: 'stock', kind: 'price' as const, flows: [], price: 42 },
      { ...zeroCouponBond(1, 5_000), id: 'cash', kind: 'cash' as const, currency: 'EUR', flows: [], price: 1 },
    ];
    const scenarios: Scenario[] = [...PORTFOLIO_STRESS_SCENARIOS, ...usdScenarios(['USD', 'EUR'])];
    const fast = Array.from(revalue(compilePortfolio(positions, market), scenarios));
    const naive = naiveRevalue(positions, market, scenarios);
    fast.forEach((x, i) => expect(x).toBeCloseTo(naive[i]!, 8));
  });

  it('lists what it cannot price instead of dropping it', () => {
    const market = flatMarket();
    const portfolio = compilePortfolio(
      [
        zeroCouponBond(5),
        { ...zeroCouponBond(5), id: 'jpy', currency: 'JPY' },
        { ...zeroCouponBond(5), id: 'stock', kind: 'price', price: null },
      ],
      market,
    );
    expect(portfolio.positions).toHaveLength(1);
    expect(portfolio.notPriced.map((n) => n.reason)).toEqual([
      'no FX rate for JPY',
      'no traded price and no model for this contract type',
    ]);
  });

  it('a long bond loses in rates +200 bp and gains in −200 bp; risk levels follow the loss share', () => {
    const portfolio = compilePortfolio([zeroCouponBond(10, 100)], flatMarket());
    const [up, down] = revalue(portfolio, PORTFOLIO_STRESS_SCENARIOS.slice(0, 2));
    expect(up).toBeLessThan(0);
    expect(down).toBeGreaterThan(0);
    expect(riskLevel(up!, portfolio.baseValue)).toBe('high'); // ~−17 % for a 10-year zero
    expect(riskLevel(-0.04 * portfolio.baseValue, portfolio.baseValue)).toBe('acceptable');
    expect(riskLevel(-0.1 * portfolio.baseValue, portfolio.baseValue)).toBe('moderate');
  });
});

describe('VaR', () => {
  it('two-asset parametric VaR by hand: 1,000,000 at 2 %, 500,000 at 1 %, ρ = 0.5', () => {
    // σ² = 20,000² + 5,000² + 2·0.5·20,000·5,000 = 525,000,000 → σ = 22,912.88; z95 = 1.644854
    const cov = [
      [0.02 ** 2, 0.5 * 0.02 * 0.01],
      [0.5 * 0.02 * 0.01, 0.01 ** 2],
    ];
    expect(deltaNormalVar([1_000_000, 500_000], cov, 0.95)).toBeCloseTo(1.644854 * Math.sqrt(525_000_000), 1);
    expect(deltaNormalVar([1_000_000, 500_000], cov, 0.95)).toBeCloseTo(37_688.3, 0);
  });

  it('ES 97.5 ≥ VaR 95 and VaR 99 ≥ VaR 95 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 40, maxLength: 300 }),
        (pnl) => {
          const m = historicalMeasures(pnl);
          expect(m.es975).toBeGreaterThanOrEqual(m.var95 - 1e-9);
          expect(m.var99).toBeGreaterThanOrEqual(m.var95 - 1e-9);
        },
      ),
    );
  });

  it('VaR is monotone in position size (property)', () => {
    const shocks = normals(300, 7);
    const scenarios = shocks.map((z, i) => ({ name: `d${i}`, rateShiftBp: SHOCK_TENORS.map(() => 8 * z) }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 0, max: 1_000 }), (units, extra) => {
        const small = historicalMeasures(
          revalue(compilePortfolio([zeroCouponBond(7, units)], flatMarket()), scenarios),
        );
        const large = historicalMeasures(
          revalue(compilePortfolio([zeroCouponBond(7, units + extra)], flatMarket()), scenarios),
        );
        expect(large.var95).toBeGreaterThanOrEqual(small.var95 - 1e-9);
        expect(large.var99).toBeGreaterThanOrEqual(small.var99 - 1e-9);
      }),
    );
  });

  it('10-day VaR from overlapping 10-day changes scales ~√10 for i.i.d. daily changes', () => {
    // A random-walk 10-year yield with i.i.d. N(0, 6 bp) daily changes.
    const steps = normals(5_000, 11);
    let level = 4;
    const curves: CurveObservation[] = steps.map((z, i) => {
      level += (6 * z) / 100;
      return { date: `d${String(i).padStart(5, '0')}`, yieldsPercent: SHOCK_TENORS.map(() => level) };
    });
    const portfolio = compilePortfolio([zeroCouponBond(10, 1_000)], flatMarket());
    const oneDay = historicalMeasures(
      revalue(portfolio, historicalScenarios(curves, [], { horizonDays: 1, count: 4_900 })),
    );
    const tenDay = historicalMeasures(
      revalue(portfolio, historicalScenarios(curves, [], { horizonDays: 10, count: 4_900 })),
    );
    expect(tenDay.var99 / oneDay.var99).toBeGreaterThan(Math.sqrt(10) * 0.85);
    expect(tenDay.var99 / oneDay.var99).toBeLessThan(Math.sqrt(10) * 1.15);
  });

  it('parametric VaR of one bond ≈ z · DV01 · σ(bp)', () => {
    const shocks = normals(2_000, 3).map((z) => 5 * z);
    const scenarios = shocks.map((bp, i) => ({ name: `d${i}`, rateShiftBp: SHOCK_TENORS.map(() => bp) }));
    const portfolio = compilePortfolio([zeroCouponBond(5, 1_000)], flatMarket());
    const sd = Math.sqrt(
      shocks.reduce((s, x) => s + (x - shocks.reduce((a, b) => a + b, 0) / shocks.length) ** 2, 0) /
        (shocks.length - 1),
    );
    const expected = 1.644854 * portfolioDv01(portfolio) * sd;
    expect(parametricMeasures(portfolio, scenarios).var95).toBeCloseTo(expected, -1);
    expect(Math.abs(parametricMeasures(portfolio, scenarios).var95 / expected - 1)).toBeLessThan(0.01);
  });
});

describe('scenario checks', () => {
  it('rejects absurd or non-finite shocks', () => {
    const flat = SHOCK_TENORS.map(() => 0);
    expect(scenarioProblem({ name: 'x', rateShiftBp: flat })).toBeNull();
    expect(scenarioProblem({ name: 'x', rateShiftBp: [...flat.slice(1), Number.NaN] })).toMatch(/finite/);
    expect(scenarioProblem({ name: 'x', rateShiftBp: flat, equityReturn: -1 })).toMatch(/−100 %/);
    expect(scenarioProblem({ name: 'x', rateShiftBp: flat.map(() => -10_000) })).toMatch(/5,000/);
    expect(scenarioProblem({ name: 'x', rateShiftBp: [1, 2] })).toMatch(/needs 10 values/);
  });
});
