import { describe, expect, it } from 'vitest';
import { holdingShares, recentTransactions } from './portfolio-views';

describe('holdingShares', () => {
  it('computes shares of total value, largest first, skipping unusable rows', () => {
    const shares = holdingShares([
      { instrumentName: 'Bond A', marketValue: '300.00' },
      { name: 'Stock B', value: 100 },
      { name: '', value: 50 },
      { name: 'Zero', value: 0 },
      'junk',
    ]);
    expect(shares).toEqual([
      { name: 'Bond A', value: 300, percent: 75 },
      { name: 'Stock B', value: 100, percent: 25 },
    ]);
  });

  it('returns nothing for a missing payload', () => {
    expect(holdingShares(undefined)).toEqual([]);
  });
});

describe('recentTransactions', () => {
  const trades = [
    { id: 't1', instrumentName: 'Bond A', buyerId: 'u1', sellerId: 'u2', quantity: '10', price: '101.25', executedAt: '2026-11-20T10:00:00Z' },
    { id: 't2', instrumentName: 'Bond B', side: 'SELL', quantity: 5, price: '99.00', executedAt: '2026-11-21T10:00:00Z' },
    { id: 't3', instrumentId: 'i3', buyerId: 'u9', sellerId: 'u1', quantity: 1, price: 5, executedAt: '2026-11-19T10:00:00Z' },
  ];

  it('orders newest first, derives the side for the user and limits rows', () => {
    const rows = recentTransactions({ trades }, 'u1', 2);
    expect(rows.map((r) => [r.id, r.type, r.asset, r.quantity, r.price])).toEqual([
      ['t2', 'Sell', 'Bond B', 5, '99.00'],
      ['t1', 'Buy', 'Bond A', 10, '101.25'],
    ]);
    expect(recentTransactions(trades, 'u1', 4)[2]).toMatchObject({ id: 't3', type: 'Sell', asset: 'i3', price: '5' });
  });
});
