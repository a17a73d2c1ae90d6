import { describe, expect, it } from 'vitest';
import { paymentsByDate, paymentTotals } from './payments';

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
