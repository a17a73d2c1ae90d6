import { describe, expect, it } from 'vitest';
import { backtestVar, kupiecPof, trafficLight } from './backtest';
import { baselCapital, riskWeight } from './capital';
import { curveChangeBp, windowScenario } from './history';

describe('backtesting', () => {
  it('Kupiec POF for 10 exceptions in 250 days at 99 %', () => {
    // −2 ln(0.99^240 · 0.01^10) + 2 ln(0.96^240 · 0.04^10) = 96.928 − 83.972
    const expected =
      -2 * (240 * Math.log(0.99) + 10 * Math.log(0.01)) + 2 * (240 * Math.log(0.96) + 10 * Math.log(0.04));
    expect(kupiecPof(250, 10, 0.99)).toBeCloseTo(expected, 10);
    expect(kupiecPof(250, 10, 0.99)).toBeCloseTo(12.955, 2);
    expect(kupiecPof(250, 0, 0.99)).toBeCloseTo(-2 * 250 * Math.log(0.99), 10); // x = 0: 5.025
    expect(kupiecPof(10, 10, 0.99)).toBeCloseTo(-2 * 10 * Math.log(0.01), 10); // x = T
    expect(kupiecPof(250, 2.5, 0.99)).toBeCloseTo(0, 10); // exactly the expected rate
  });

  it('Basel traffic light zones and plus factors', () => {
    expect(trafficLight(4)).toEqual({ zone: 'green', plusFactor: 0 });
    expect(trafficLight(5)).toEqual({ zone: 'yellow', plusFactor: 0.4 });
    expect(trafficLight(9)).toEqual({ zone: 'yellow', plusFactor: 0.85 });
    expect(trafficLight(10)).toEqual({ zone: 'red', plusFactor: 1 });
  });

  it('counts losses beyond the VaR as exceptions', () => {
    const history = Array.from({ length: 250 }, (_, i) => ({
      date: `d${i}`,
      var: 100,
      pnl: i % 50 === 0 ? -150 : -50,
    }));
    const result = backtestVar(history);
    expect(result.exceptions).toBe(5);
    expect(result.zone).toBe('yellow');
    expect(result.kupiecRejected).toBe(false);
  });
});

describe('Basel III standardised capital', () => {
  it('uses the CRE20 risk weights', () => {
    expect(riskWeight('sovereign', 'AA-')).toBe(0);
    expect(riskWeight('sovereign', 'A')).toBe(0.2);
    expect(riskWeight('corporate', 'AAA')).toBe(0.2);
    expect(riskWeight('corporate', 'BBB-')).toBe(0.75);
    expect(riskWeight('corporate', 'B')).toBe(1.5);
    expect(riskWeight('bank', 'A')).toBe(0.3);
    expect(riskWeight('corporate', null)).toBe(1);
  });

  it('computes RWA, ratios and the status against minimums plus buffer', () => {
    const result = baselCapital({
      exposures: [
        { amount: 1_000_000, rating: 'AA', counterparty: 'corporate' },
        { amount: 500_000, rating: 'BBB', counterparty: 'corporate' },
      ],
      capital: { cet1: 50_000, additionalTier1: 10_000, tier2: 10_000 },
      marketVar: { latest: 1_000, average60: 800, plusFactor: 0 },
      leverageExposure: 1_500_000,
    });
    // credit 200,000 + 375,000; market 12.5 · max(1,000, 3 · 800) = 30,000
    expect(result.creditRwa).toBe(575_000);
    expect(result.marketRwa).toBe(30_000);
    expect(result.ratios.cet1).toBeCloseTo(50_000 / 605_000, 12);
    expect(result.status).toBe('compliant');
    expect(result.leverageRatio).toBeCloseTo(60_000 / 1_500_000, 12);
    const thin = baselCapital({
      ...{ exposures: [{ amount: 1_000_000, rating: null, counterparty: 'corporate' as const }] },
      capital: { cet1: 60_000, additionalTier1: 0, tier2: 30_000 },
      marketVar: { latest: 0, average60: 0, plusFactor: 0 },
      leverageExposure: 1_000_000,
    });
    expect(thin.status).toBe('buffer shortfall'); // 6 % CET1 ≥ 4.5 % but < 7 %
  });
});

describe('historical changes', () => {
  it('fills a tenor missing at either end with the nearest tenor', () => {
    const from = { date: '2003-01-02', yieldsPercent: [1, 1.1, 1.2, 1.5, 2, 3, 3.5, 4, 4.8, null] };
    const to = { date: '2003-01-03', yieldsPercent: [1.02, 1.1, 1.2, 1.5, 2, 3, 3.5, 4, 4.9, 5] };
    expect(curveChangeBp(from, to)!.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 10, 10]);
  });

  it('replays a window between the last days on or before its dates', () => {
    const curves = ['2008-09-11', '2008-09-12', '2008-12-31'].map((date, i) => ({
      date,
      yieldsPercent: Array(10).fill(4 - i),
    }));
    const fx = [
      { date: '2008-09-12', usdPerUnit: { USD: 1, EUR: 1.4 } },
      { date: '2008-12-31', usdPerUnit: { USD: 1, EUR: 1.26 } },
    ];
    const w = windowScenario('2008', curves, fx, '2008-09-13', '2008-12-31')!;
    expect(w.from).toBe('2008-09-12');
    expect(w.rateShiftBp[0]).toBeCloseTo(-100, 9);
    expect(w.fxReturn!.EUR).toBeCloseTo(-0.1, 12);
  });
});
