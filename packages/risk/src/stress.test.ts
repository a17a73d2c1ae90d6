import { describe, expect, it } from 'vitest';
import { makeCurve, zeroRate } from './curve';
import { priceAtYield } from './pricing';
import { STANDARD_STRESS_SCENARIOS, stressImpact, stressedCurve } from './stress';

const curve = makeCurve([
  { tenor: 1, rate: 0.04 },
  { tenor: 10, rate: 0.04 },
]);
const bond = [1, 2, 3, 4, 5].map((t) => ({ time: t, amount: t === 5 ? 105 : 5 }));

describe('stress', () => {
  it('a +200 bp parallel shock reprices a bond at the shocked yield', () => {
    const scenario = STANDARD_STRESS_SCENARIOS[0]!;
    expect(stressImpact(bond, curve, 0.01, scenario)).toBeCloseTo(
      priceAtYield(bond, 0.07) - priceAtYield(bond, 0.05),
      10,
    );
    expect(stressImpact(bond, curve, 0.01, scenario)).toBeLessThan(0);
  });

  it('a steepener lowers the short end and raises the long end', () => {
    const steep = stressedCurve(curve, { name: 's', rateShiftBp: -50, slopeBpPerYear: 10, spreadShiftBp: 0 });
    expect(zeroRate(steep, 1)).toBeCloseTo(0.035, 12);
    expect(zeroRate(steep, 10)).toBeCloseTo(0.04 - 0.005 + 0.009, 12);
  });

  it('spread widening hurts a bond holder', () => {
    const credit = STANDARD_STRESS_SCENARIOS.find((s) => s.spreadShiftBp === 150 && s.rateShiftBp === 0)!;
    expect(stressImpact(bond, curve, 0.01, credit)).toBeCloseTo(
      priceAtYield(bond, 0.065) - priceAtYield(bond, 0.05),
      10,
    );
  });
});
