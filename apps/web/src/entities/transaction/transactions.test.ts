import type { MyTrade } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { latestTransactions, tradeTransaction, type Transaction } from './transactions';

const trade = (id: string, side: 'buy' | 'sell', createdAt: string): MyTrade => ({
  id,
  instrumentId: '00000000-0000-4000-8000-000000000001',
  instrumentName: 'Bond',
  currency: 'EUR',
  price: '101.00',
  quantity: 10,
  amount: '1010.00',
  takerSide: side,
  settlementStatus: 'completed',
  createdAt,
  side,
  orderId: '00000000-0000-4000-8000-000000000002',
  liquidity: 'taker',
});

describe('transactions', () => {
  it('maps a trade to a row: side, asset, amount in its currency, settlement status', () => {
    expect(tradeTransaction(trade('t1', 'sell', '2026-01-02T10:00:00Z'))).toEqual({
      key: 'trade:t1',
      type: 'Sell',
      direction: 'in',
      asset: 'Bond',
      amount: '1010.00',
      currency: 'EUR',
      status: 'completed',
      time: '2026-01-02T10:00:00Z',
    });
  });

  it('merges sources newest first and keeps the limit', () => {
    const payment: Transaction = {
      key: 'payment:p1',
      type: 'Coupon',
      direction: 'in',
      asset: 'Bond',
      amount: '20.00',
      currency: 'EUR',
      status: 'completed',
      time: '2026-01-03T00:00:00Z',
    };
    const trades = [trade('a', 'buy', '2026-01-01T00:00:00Z'), trade('b', 'buy', '2026-01-04T00:00:00Z')].map(
      tradeTransaction,
    );
    expect(latestTransactions([trades, [payment]], 2).map((t) => t.key)).toEqual(['trade:b', 'payment:p1']);
  });
});
