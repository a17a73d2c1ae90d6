import { describe, expect, it } from 'vitest';
import { canSubmitOrder, draftOrder, INITIAL_ORDER_FORM, type OrderFormState } from './order-form';

const ID = '5b0f4a5e-8f0a-4a55-9d1b-2f1d8f1f4c11';
const form = (patch: Partial<OrderFormState>): OrderFormState => ({ ...INITIAL_ORDER_FORM, ...patch });

describe('canSubmitOrder', () => {
  it('needs an instrument and a quantity, and no pending submit', () => {
    expect(canSubmitOrder(ID, form({ quantity: '5' }), false)).toBe(true);
    expect(canSubmitOrder(null, form({ quantity: '5' }), false)).toBe(false);
    expect(canSubmitOrder(ID, form({ quantity: ' ' }), false)).toBe(false);
    expect(canSubmitOrder(ID, form({ quantity: '5' }), true)).toBe(false);
  });
});

describe('draftOrder', () => {
  it('sends a market order without a price, even when one was typed before switching', () => {
    expect(draftOrder(ID, form({ quantity: '5', price: '101.00' }))).toEqual({
      ok: true,
      order: { instrumentId: ID, orderType: 'buy', type: 'market', quantity: '5' },
    });
  });

  it('sends the price of a limit order', () => {
    expect(draftOrder(ID, form({ side: 'sell', type: 'limit', quantity: '3', price: '99.50' }))).toEqual({
      ok: true,
      order: { instrumentId: ID, orderType: 'sell', type: 'limit', quantity: '3', price: '99.50' },
    });
  });

  it.each([
    [null, form({ quantity: '1' })],
    [ID, form({ quantity: '' })],
    [ID, form({ type: 'limit', quantity: '1', price: '' })],
  ])('asks for the required fields (%s)', (instrumentId, state) => {
    expect(draftOrder(instrumentId, state)).toEqual({
      ok: false,
      title: 'Invalid Order',
      description: 'Please fill in all required fields',
    });
  });

  it('reports malformed values with the shared schema message', () => {
    expect(draftOrder(ID, form({ quantity: '1.5' }))).toMatchObject({
      ok: false,
      title: 'Invalid Order',
      description: 'Quantity must be a whole number greater than 0',
    });
    expect(draftOrder(ID, form({ type: 'limit', quantity: '1', price: '0' }))).toMatchObject({
      ok: false,
      description: 'Price must be greater than 0 with at most 2 decimals',
    });
  });
});
