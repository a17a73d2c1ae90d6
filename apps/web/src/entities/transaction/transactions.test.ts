import type { MyTrade, ServicingPayment } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { latestTransactions, paymentTransaction, tradeTransaction, type Transaction } from './transactions';

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
      quantity: 10,
      price: '101.00',
      time: '2026-01-02T10:00:00Z',
    });
  });

  it('maps a servicing payment: paid is a completed coupon, missed a failed one', () => {
    const payment: ServicingPayment = {
      id: '00000000-0000-4000-8000-000000000003',
      instrumentId: '00000000-0000-4000-8000-000000000001',
      instrumentName: 'Bond',
      eventType: 'IP',
      amount: '400.00',
      currency: 'USD',
      status: 'completed',
      time: '2026-01-05T00:00:00.000Z',
      reason: null,
    };
    expect(paymentTransaction(payment)).toEqual({
      key: `payment:${payment.id}`,
      type: 'Coupon',
      direction: 'in',
      asset: 'Bond',
      amount: '400.00',
      currency: 'USD',
      status: 'completed',
      quantity: null,
      price: null,
      time: payment.time,
    });
    expect(paymentTransaction({ ...payment, eventType: 'MD', status: 'failed' })).toMatchObject({
      type: 'Redemption missed',
      status: 'failed',
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
      quantity: null,
      price: null,
      time: '2026-01-03T00:00:00Z',
    };
    const trades = [trade('a', 'buy', '2026-01-01T00:00:00Z'), trade('b', 'buy', '2026-01-04T00:00:00Z')].map(
      tradeTransaction,
    );
    expect(latestTransactions([trades, [payment]], 2).map((t) => t.key)).toEqual(['trade:b', 'payment:p1']);
  });
});
