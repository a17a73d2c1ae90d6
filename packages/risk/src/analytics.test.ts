import { describe, expect, it } from 'vitest';
import { analyseCashFlows } from './analytics';
import { makeCurve } from './curve';

const flat = (rate: number) => makeCurve([{ tenor: 1, rate }]);

describe('analyseCashFlows', () => {
  it('prices a 5-year 6% bond at par on a flat 5% curve with a 100 bp spread', () => {
    const flows = [1, 2, 3, 4, 5].map((t) => ({ time: t, amount: t === 5 ? 106 : 6 }));
    const result = analyseCashFlows(flows, flat(0.05), 0.01);
    expect(result.value).toBeCloseTo(100, 10);
    expect(result.yield).toBeCloseTo(0.06, 10);
    expect(result.macaulayDuration).toBeCloseTo(4.4651, 4);
    expect(result.modifiedDuration).toBeCloseTo(4.2124, 4);
    expect(result.dv01).toBeCloseTo(0.04212, 5);
  });

  it('gives a swap (mixed-sign flows) a curve DV01 and no yield', () => {
    const flows = [
      { time: 1, amount: -1 },
      { time: 2, amount: 0.5 },
      { time: 3, amount: 0.8 },
    ];
    const result = analyseCashFlows(flows, flat(0.03));
    expect(result.yield).toBeNull();
    expect(result.macaulayDuration).toBeNull();
    expect(result.dv01).not.toBe(0);
  });
});
