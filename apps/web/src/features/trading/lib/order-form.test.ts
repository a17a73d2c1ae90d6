import { describe, expect, it } from 'vitest';
import { canSubmitOrder, confirmationReason, draftOrder, INITIAL_ORDER_FORM, type OrderFormState } from './order-form';

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
    [null, form({ quantity: '1' }), undefined],
    [ID, form({ quantity: '' }), 'quantity'],
    [ID, form({ type: 'limit', quantity: '1', price: '' }), 'price'],
  ])('asks for the required fields (%s), naming the field', (instrumentId, state, field) => {
    expect(draftOrder(instrumentId, state)).toEqual({
      ok: false,
      title: 'Invalid Order',
      description: 'Please fill in all required fields',
      ...(field ? { field } : {}),
    });
  });

  it('keeps a limit price on the currency tick: whole yen in JPY, cents elsewhere', () => {
    const limit = form({ type: 'limit', quantity: '3', price: '100.50' });
    expect(draftOrder(ID, limit, 'JPY')).toEqual({
      ok: false,
      title: 'Invalid Order',
      description: 'JPY prices have no decimals (tick 1 JPY)',
      field: 'price',
    });
    expect(draftOrder(ID, { ...limit, price: '100' }, 'JPY')).toMatchObject({ ok: true });
    expect(draftOrder(ID, { ...limit, price: '100.00' }, 'JPY')).toMatchObject({ ok: true });
    expect(draftOrder(ID, limit, 'USD')).toMatchObject({ ok: true });
    // A market order's price is not sent, so its tick does not matter.
    expect(draftOrder(ID, { ...limit, type: 'market' }, 'JPY')).toMatchObject({ ok: true });
  });

  it('reads numbers as people type them: 1,000 units at 1,000.50', () => {
    expect(draftOrder(ID, form({ type: 'limit', quantity: '1,000', price: '1,000.50' }))).toEqual({
      ok: true,
      order: { instrumentId: ID, orderType: 'buy', type: 'limit', quantity: '1000', price: '1000.50' },
    });
    // Commas that do not group thousands are not guessed at.
    expect(draftOrder(ID, form({ quantity: '1,00' }))).toMatchObject({ ok: false, field: 'quantity' });
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
      field: 'price',
    });
  });
});

describe('confirmationReason', () => {
  const limit = { instrumentId: ID, orderType: 'buy' as const, type: 'limit' as const, quantity: '10', price: '10.00' };
  const cash = (amount: string) => ({ kind: 'cash' as const, amount, currency: 'USD' });

  it('asks for every market order', () => {
    expect(confirmationReason({ ...limit, type: 'market' }, null, null)).toMatch(/market order/);
  });

  it('asks when a limit buy commits more than half the available cash', () => {
    expect(confirmationReason(limit, '100.00', cash('200.00'))).toBeNull();
    expect(confirmationReason(limit, '100.01', cash('200.00'))).toMatch(/more than 50% of your available balance/);
    expect(confirmationReason(limit, '100.00', null)).toBeNull();
  });

  it('asks when a sell delivers more than half the available units', () => {
    const sell = { ...limit, orderType: 'sell' as const };
    expect(confirmationReason(sell, null, { kind: 'units', units: 20 })).toBeNull();
    expect(confirmationReason(sell, null, { kind: 'units', units: 19 })).toMatch(
      /more than 50% of your available units/,
    );
    expect(confirmationReason(sell, null, { kind: 'units', units: 0 })).toMatch(/available units/);
  });
});
