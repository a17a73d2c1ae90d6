import type { Order } from '@meridian/schemas';

/** Unit-test data only: a valid Order (as orderSchema accepts it), open and unfilled unless overridden. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    instrumentId: '5b0f4a5e-8f0a-4a55-9d1b-2f1d8f1f4c11',
    instrumentName: 'Bond',
    currency: 'USD',
    orderType: 'buy',
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    quantity: 1,
    filledQuantity: 0,
    remainingQuantity: 1,
    price: '1.00',
    averagePrice: null,
    status: 'open',
    cancelReason: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}
