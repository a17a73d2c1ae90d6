import { describe, expect, it } from 'vitest';
import { cashFlowsFromEvents, yearFraction } from './cash-flows';

describe('cashFlowsFromEvents', () => {
  const events = [
    { eventDate: '2025-01-15T00:00', payoff: -1000 },
    { eventDate: '2025-07-15T00:00', payoff: 25 },
    { eventDate: '2026-01-15T00:00', payoff: 25 },
    { eventDate: '2026-01-15T00:00', payoff: 1000 },
    { eventDate: '2026-01-15T00:00', payoff: 0 },
  ];

  it('keeps future non-zero payoffs, sums same-day flows and scales them', () => {
    const flows = cashFlowsFromEvents(events, '2025-03-01', 0.1);
    expect(flows).toHaveLength(2);
    expect(flows[0]!.amount).toBeCloseTo(2.5, 12);
    expect(flows[1]!.amount).toBeCloseTo(102.5, 12);
    expect(flows[0]!.time).toBeCloseTo(136 / 365, 12);
  });

  it('measures ACT/365F year fractions on dates and date-times', () => {
    expect(yearFraction('2025-01-01', '2026-01-01T00:00')).toBe(1);
    expect(() => yearFraction('nope', '2026-01-01')).toThrow();
  });
});
