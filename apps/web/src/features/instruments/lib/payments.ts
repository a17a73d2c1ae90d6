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
