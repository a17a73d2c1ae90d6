import type { ContractEvent } from '@meridian/actus';
import { makeCurve } from '@meridian/risk';
import { describe, expect, it } from 'vitest';
import { valueInstrument, type ValuationInput } from './valuation';

const event = (eventDate: string, eventType: string, payoff: number) =>
  ({ eventDate, eventType, payoff }) as ContractEvent;

// A 2-year annual 6% bond of 1,000,000 (10,000 units of 100) bought at issue.
const bond: ValuationInput = {
  contractType: 'PAM',
  terms: { contractRole: 'RPA', priceAtPurchaseDate: 1_000_000 },
  events: [
    event('2025-01-01T00:00', 'PRD', -1_000_000),
    event('2026-01-01T00:00', 'IP', 60_000),
    event('2027-01-01T00:00', 'IP', 60_000),
    event('2027-01-01T00:00', 'MD', 1_000_000),
  ],
  units: 10_000n,
  curve: makeCurve([{ tenor: 1, rate: 0.05 }]),
  spread: 0.01,
  lastPrice: null,
  now: '2025-01-01',
};

describe('valueInstrument', () => {
  it('prices a par bond at 100 when coupon = curve + spread, with its textbook duration', () => {
    const v = valueInstrument(bond);
    expect(v).toMatchObject({ price: 10_000n, priceSource: 'model', yield: 6 });
    // Macaulay of a 2-year 6% par bond at 6%: (6/1.06 + 2 x 106/1.06^2) / 100 = 1.9434.
    expect(v.duration).toBeCloseTo(1.9434, 4);
    expect(v.modifiedDuration).toBeCloseTo(1.9434 / 1.06, 4);
  });

  it('uses the last trade when there is one and measures yield at that price', () => {
    const v = valueInstrument({ ...bond, lastPrice: 9_900n });
    expect(v.priceSource).toBe('last');
    expect(v.price).toBe(9_900n);
    expect(v.yield!).toBeGreaterThan(6.5);
  });

  it("takes the holder view when the terms are the issuer's (RPL)", () => {
    const issuerView = {
      ...bond,
      terms: { ...bond.terms, contractRole: 'RPL' },
      events: bond.events.map((e) => ({ ...e, payoff: -e.payoff })),
    };
    expect(valueInstrument(issuerView).price).toBe(10_000n);
  });

  it('falls back to the issue price for stocks and gives them no yield', () => {
    const stock: ValuationInput = {
      ...bond,
      contractType: 'STK',
      events: [event('2025-06-01T00:00', 'DV', 30_000)],
      terms: { contractRole: 'RPA', priceAtPurchaseDate: 1_000_000 },
      units: 1_000_000n,
    };
    expect(valueInstrument(stock)).toMatchObject({ price: 100n, priceSource: 'issue', yield: null, duration: null });
  });

  it('values a swap on the curve without a yield', () => {
    const swap: ValuationInput = {
      ...bond,
      contractType: 'SWPPV',
      events: [event('2026-01-01T00:00', 'IP', -5_000), event('2027-01-01T00:00', 'IP', 8_000)],
    };
    const v = valueInstrument(swap);
    expect(v.priceSource).toBe('model');
    expect(v.yield).toBeNull();
    expect(v.price).toBe(BigInt(Math.round(((-5_000 / 1.06 + 8_000 / 1.06 ** 2) / 10_000) * 100)));
  });
});
