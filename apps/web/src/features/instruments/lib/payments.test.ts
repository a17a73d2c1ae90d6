import { describe, expect, it } from 'vitest';
import { niceCeiling, paymentsByDate, paymentsDomain, paymentTotals } from './payments';

describe('paymentsByDate', () => {
  it('nets same-day events, drops zero days and orders by date', () => {
    const points = paymentsByDate([
      { eventDate: '2027-01-01T00:00', payoff: 25 },
      { eventDate: '2026-01-01T00:00', payoff: -1000 },
      { eventDate: '2027-01-01T00:00', payoff: 1000 },
      { eventDate: '2026-07-01T00:00', payoff: 0 },
      { eventDate: '2026-07-01T00:00', payoff: 25.004 },
    ]);
    expect(points).toEqual([
      { date: '2026-01-01', amount: -1000 },
      { date: '2026-07-01', amount: 25 },
      { date: '2027-01-01', amount: 1025 },
    ]);
  });

  it('returns nothing for an empty schedule', () => {
    expect(paymentsByDate([])).toEqual([]);
  });
});

describe('paymentTotals', () => {
  it('splits inflows and outflows', () => {
    expect(
      paymentTotals([
        { date: '2026-01-01', amount: -1000 },
        { date: '2027-01-01', amount: 1050.5 },
      ]),
    ).toEqual({ received: 1050.5, paid: 1000 });
  });
});

describe('chart bounds', () => {
  it('rounds up to round steps', () => {
    expect(niceCeiling(0)).toBe(0);
    expect(niceCeiling(420_000)).toBe(500_000);
    expect(niceCeiling(2_100_000)).toBe(2_500_000);
    expect(niceCeiling(1_000)).toBe(1_000);
    expect(niceCeiling(0.7)).toBeCloseTo(0.8, 12);
  });
  it('keeps zero in view and leaves headroom above the largest payment', () => {
    expect(paymentsDomain([{ date: '2027-01-01', amount: 400_000 }])).toEqual([0, 500_000]);
    expect(
      paymentsDomain([
        { date: '2026-01-01', amount: -2_500_000 },
        { date: '2029-01-01', amount: 2_566_164.38 },
      ]),
    ).toEqual([-3_000_000, 3_000_000]);
  });
});
