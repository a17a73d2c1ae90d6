import type { Order } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { anOrder } from '@/test/fixtures';
import { orderOutcome } from './order-summary';

const base: Order = anOrder({
  instrumentId: '00000000-0000-4000-8000-000000000002',
  instrumentName: 'US Treasury 2031',
  quantity: 10,
  remainingQuantity: 10,
  price: '99.50',
});

describe('orderOutcome', () => {
  it('describes a resting order', () => {
    expect(orderOutcome(base)).toBe('Buy 10 US Treasury 2031: resting in the book at $99.50.');
  });

  it('describes a fill at the average price', () => {
    const order: Order = {
      ...base,
      type: 'market',
      price: null,
      status: 'filled',
      filledQuantity: 10,
      remainingQuantity: 0,
      averagePrice: '100.1250',
    };
    expect(orderOutcome(order)).toBe('Buy 10 US Treasury 2031: filled at $100.13 average.');
  });

  it('describes a partial fill that rests', () => {
    const order: Order = {
      ...base,
      orderType: 'sell',
      filledQuantity: 4,
      remainingQuantity: 6,
      averagePrice: '99.5000',
    };
    expect(orderOutcome(order)).toBe('Sell 10 US Treasury 2031: 4 filled at $99.50 average, 6 resting at $99.50.');
  });

  it('says why an order was cancelled on arrival', () => {
    expect(orderOutcome({ ...base, type: 'market', status: 'cancelled', cancelReason: 'no_liquidity' })).toBe(
      'Buy 10 US Treasury 2031: cancelled (no more liquidity).',
    );
    const partial: Order = {
      ...base,
      status: 'cancelled',
      cancelReason: 'self_trade',
      filledQuantity: 2,
      averagePrice: '99.0000',
    };
    expect(orderOutcome(partial)).toBe(
      'Buy 10 US Treasury 2031: 2 filled at $99.00 average; the rest was cancelled (it would have traded with your own order).',
    );
  });
});
