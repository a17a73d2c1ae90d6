import { makeCurve } from '@meridian/risk';
import { addMonths, instrumentFormSchema } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { compileInstrument, computeEvents } from './engine';
import { forwardProjection } from './projection';
import { valueInstrument } from './valuation';

const flat3 = makeCurve([{ tenor: 1, rate: 0.03 }]);
const issueDate = '2025-01-15';

function floater(interestRate: number) {
  const form = instrumentFormSchema.parse({
    contractType: 'PAM',
    name: 'Floating note',
    notionalAmount: 1_000_000,
    issueDate,
    maturityDate: addMonths(issueDate, 60),
    interestRate,
    interestRateType: 'FLOATING',
    paymentFrequency: 'P6M',
  });
  const compiled = compileInstrument(form, 'FRN-1');
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.problems));
  return compiled.value;
}

describe('forwardProjection', () => {
  it('replaces future fixings by curve forwards and keeps past ones', () => {
    const { observations } = floater(1);
    const projected = forwardProjection(observations, 'USD', flat3, '2026-02-01')!;
    const series = projected['USD.RFR']!;
    expect(series[0]).toEqual({ timestamp: '2025-01-15T00:00:00', value: 0.01 });
    expect(series[2]).toEqual({ timestamp: '2026-01-15T00:00:00', value: 0.01 });
    for (const point of series.slice(3)) expect(point.value).toBeCloseTo(0.03, 10);
  });

  it('has nothing to project for fixed-rate instruments', () => {
    expect(forwardProjection({}, 'USD', flat3, '2025-01-01')).toBeNull();
  });

  it('prices a floater near par on its own curve, far from the stale first-fixing projection', () => {
    const { terms, observations, events } = floater(3);
    const valuationDay = '2025-01-15';
    const forward = computeEvents(terms, forwardProjection(observations, 'USD', flat3, valuationDay)!);
    if (!forward.ok) throw new Error('rejected');
    const input = {
      contractType: 'PAM' as const,
      terms,
      units: 10_000n,
      curve: flat3,
      spread: 0,
      lastPrice: null,
      now: valuationDay,
    };
    const fair = Number(valueInstrument({ ...input, events: forward.value }).price) / 100;
    expect(fair).toBeGreaterThan(99.8);
    expect(fair).toBeLessThan(100.2);
    // With the issue fixing at 1 %, the stale schedule would pay 1 % for five years.
    const stale = floater(1);
    const staleValue = Number(valueInstrument({ ...input, terms: stale.terms, events: stale.events }).price) / 100;
    expect(staleValue).toBeLessThan(91);
    expect(events.length).toBe(forward.value.length);
  });
});
