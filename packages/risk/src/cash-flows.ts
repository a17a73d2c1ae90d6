/** A dated amount: `time` in years from the valuation date (ACT/365F), `amount` in currency. */
export interface CashFlow {
  time: number;
  amount: number;
}

/** The part of an ACTUS contract event pricing needs (structurally compatible with `@meridian/actus`). */
export interface DatedPayoff {
  eventDate: string;
  payoff: number;
}

const MS_PER_YEAR = 365 * 24 * 60 * 60 * 1000;

/** Years between two ISO dates or date-times on an ACT/365 Fixed basis (UTC). */
export function yearFraction(from: string, to: string): number {
  return (toEpochMs(to) - toEpochMs(from)) / MS_PER_YEAR;
}

function toEpochMs(value: string): number {
  // ACTUS times carry no zone; they are UTC on this platform.
  const iso = value.length === 10 ? `${value}T00:00:00Z` : /[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO date: ${value}`);
  return ms;
}

/**
 * Future cash flows of ACTUS events seen from the valuation date: events strictly after it
 * with a non-zero payoff, scaled by `scale` (e.g. -1 to take the counterparty's view, or
 * 1 / units for one unit). Events on the same date are summed.
 */
export function cashFlowsFromEvents(events: readonly DatedPayoff[], valuationDate: string, scale = 1): CashFlow[] {
  const byTime = new Map<number, number>();
  for (const event of events) {
    const time = yearFraction(valuationDate, event.eventDate);
    if (time <= 0 || event.payoff === 0 || !Number.isFinite(event.payoff)) continue;
    byTime.set(time, (byTime.get(time) ?? 0) + event.payoff * scale);
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([time, amount]) => ({ time, amount }));
}
