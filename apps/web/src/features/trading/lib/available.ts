import type { InstrumentListItem, PortfolioAnalytics } from '@meridian/schemas';

export type Availability = { kind: 'cash'; amount: string; currency: string } | { kind: 'units'; units: number };

/**
 * What an order can commit: a buy spends available cash in the instrument's currency, a
 * sell delivers units not already reserved by open sells. Null while unknown.
 */
export function availableFor(
  portfolio: PortfolioAnalytics | undefined,
  instrument: InstrumentListItem | undefined,
  side: 'buy' | 'sell',
): Availability | null {
  if (!portfolio || !instrument) return null;
  if (side === 'buy') {
    const cash = portfolio.cash.find((c) => c.currency === instrument.currency);
    return { kind: 'cash', amount: cash?.available ?? '0.00', currency: instrument.currency };
  }
  const position = portfolio.positions.find((p) => p.instrumentId === instrument.id);
  return { kind: 'units', units: position ? position.units - position.reservedUnits : 0 };
}
