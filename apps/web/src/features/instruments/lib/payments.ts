/** The event fields the payment chart reads (a subset of the engine's ContractEvent). */
export interface PayoffEvent {
  eventDate: string;
  payoff: number;
}

export interface PaymentPoint {
  /** YYYY-MM-DD */
  date: string;
  /** Net payoff of all events on that day, rounded to hundredths for display. */
  amount: number;
}

/**
 * Net payments per day, in date order, leaving out days whose events pay nothing
 * (e.g. accrual-only or rate-reset events). Payoffs stay engine doubles here: the
 * chart is a picture, the platform boundary converts to minor units.
 */
export function paymentsByDate(events: readonly PayoffEvent[]): PaymentPoint[] {
  const byDay = new Map<string, number>();
  for (const event of events) {
    const day = event.eventDate.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + event.payoff);
  }
  return [...byDay.entries()]
    .map(([date, amount]) => ({ date, amount: Math.round(amount * 100) / 100 }))
    .filter((point) => point.amount !== 0)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Sum of positive and of negative payments: what the holder receives and pays over the life. */
export function paymentTotals(points: readonly PaymentPoint[]): { received: number; paid: number } {
  let received = 0;
  let paid = 0;
  for (const point of points) {
    if (point.amount > 0) received += point.amount;
    else paid -= point.amount;
  }
  return { received: Math.round(received * 100) / 100, paid: Math.round(paid * 100) / 100 };
}

/** Smallest round step (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^k) at or above `value` (0 stays 0): a round chart bound. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Y-axis range of the payments chart: zero always in view, round bounds with some headroom. */
export function paymentsDomain(points: readonly PaymentPoint[]): [number, number] {
  const amounts = points.map((point) => point.amount);
  const max = Math.max(0, ...amounts);
  const min = Math.min(0, ...amounts);
  const below = niceCeiling(-min * 1.05);
  return [below === 0 ? 0 : -below, niceCeiling(max * 1.05)];
}
