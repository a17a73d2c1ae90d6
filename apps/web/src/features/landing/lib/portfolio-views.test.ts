import type { MyTrade, PortfolioAnalytics } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { holdingShares, recentTransactions } from './portfolio-views';

const position = (instrumentName: string, currency: string, marketValue: string, units = 10) => ({
  instrumentId: '00000000-0000-4000-8000-000000000001',
  instrumentName,
  currency,
  units,
  reservedUnits: 0,
  price: '100.00',
  marketValue,
  costBasis: marketValue,
  unrealizedPnL: '0.00',
});

const analytics = (over: Partial<PortfolioAnalytics>): PortfolioAnalytics => ({
  currency: 'USD',
  totalPortfolioValue: '0.00',
  totalPnL: '0.00',
  realizedPnL: '0.00',
  todayPnL: '0.00',
  totalTrades: 0,
  openOrders: 0,
  cash: [],
  positions: [],
  ...over,
});

describe('holdingShares', () => {
  it('shares positions and cash of the reporting currency, largest first', () => {
    const { shares, otherCurrencies } = holdingShares(
      analytics({
        positions: [
          position('Bond A', 'USD', '300.00'),
          position('Bund B', 'EUR', '500.00'),
          position('Sold', 'USD', '0.00', 0),
        ],
        cash: [
          { currency: 'USD', total: '100.00', reserved: '0.00', available: '100.00' },
          { currency: 'GBP', total: '0.00', reserved: '0.00', available: '0.00' },
        ],
      }),
    );
    expect(shares).toEqual([
      { name: 'Bond A', value: 300, percent: 75 },
      { name: 'Cash (USD)', value: 100, percent: 25 },
    ]);
    expect(otherCurrencies).toBe(1);
  });

  it('is empty for an empty portfolio', () => {
    expect(holdingShares(analytics({}))).toEqual({ shares: [], otherCurrencies: 0 });
  });
});

describe('recentTransactions', () => {
  const trade = (id: string, createdAt: string) => ({ id, createdAt }) as MyTrade;
  it('orders newest first and limits rows', () => {
    const rows = recentTransactions(
      [trade('a', '2026-11-20T10:00:00Z'), trade('b', '2026-11-22T10:00:00Z'), trade('c', '2026-11-21T10:00:00Z')],
      2,
    );
    expect(rows.map((r) => r.id)).toEqual(['b', 'c']);
  });
});
