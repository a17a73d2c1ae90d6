import { describe, expect, it } from 'vitest';
import { custodyTransferSchema } from './custody';
import {
  isOnPriceTick,
  placeOrderSchema,
  priceTick,
  priceTickIssue,
  roundPriceToTick,
  TRADING_MESSAGES,
} from './trading';

const instrumentId = '7f1c2b4e-2f6a-4c59-9a57-1f0d6f1b2a10';
const messages = (input: unknown) => {
  const result = placeOrderSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('placeOrderSchema', () => {
  it('accepts a limit order with a decimal price and defaults time in force', () => {
    const order = placeOrderSchema.parse({
      instrumentId,
      orderType: 'buy',
      type: 'limit',
      quantity: '10',
      price: '101.25',
    });
    expect(order).toMatchObject({ quantity: 10, price: '101.25', timeInForce: 'GTC', postOnly: false });
  });

  it('accepts a market order without a price, or with price null', () => {
    expect(messages({ instrumentId, orderType: 'sell', type: 'market', quantity: 3 })).toEqual([]);
    expect(messages({ instrumentId, orderType: 'sell', type: 'market', quantity: 3, price: null })).toEqual([]);
  });

  it('asks for all required fields with the spec text', () => {
    expect(messages({})).toEqual([
      `instrumentId: ${TRADING_MESSAGES.requiredFields}`,
      `orderType: ${TRADING_MESSAGES.requiredFields}`,
      `type: ${TRADING_MESSAGES.requiredFields}`,
      `quantity: ${TRADING_MESSAGES.requiredFields}`,
    ]);
    expect(messages({ instrumentId, orderType: 'buy', type: 'limit', quantity: 1 })).toEqual([
      `price: ${TRADING_MESSAGES.requiredFields}`,
    ]);
  });

  it('refuses a price on a market order, bad prices and bad quantities', () => {
    expect(messages({ instrumentId, orderType: 'buy', type: 'market', quantity: 1, price: 5 })).toEqual([
      `price: ${TRADING_MESSAGES.priceOnlyForLimit}`,
    ]);
    expect(messages({ instrumentId, orderType: 'buy', type: 'limit', quantity: 1, price: '1.005' })).toEqual([
      `price: ${TRADING_MESSAGES.invalidPrice}`,
    ]);
    expect(messages({ instrumentId, orderType: 'buy', type: 'limit', quantity: 1, price: 0 })).toEqual([
      `price: ${TRADING_MESSAGES.invalidPrice}`,
    ]);
    expect(messages({ instrumentId, orderType: 'buy', type: 'market', quantity: 1.5 })).toEqual([
      `quantity: ${TRADING_MESSAGES.invalidQuantity}`,
    ]);
    expect(messages({ instrumentId, orderType: 'buy', type: 'market', quantity: 0 })).toEqual([
      `quantity: ${TRADING_MESSAGES.invalidQuantity}`,
    ]);
    expect(messages({ instrumentId, orderType: 'buy', type: 'market', quantity: 2e9 })).toEqual([
      `quantity: ${TRADING_MESSAGES.quantityTooLarge}`,
    ]);
  });

  it('allows post-only only on GTC limit orders', () => {
    expect(messages({ instrumentId, orderType: 'buy', type: 'limit', quantity: 1, price: 1, postOnly: true })).toEqual(
      [],
    );
    expect(
      messages({
        instrumentId,
        orderType: 'buy',
        type: 'limit',
        quantity: 1,
        price: 1,
        postOnly: true,
        timeInForce: 'IOC',
      }),
    ).toEqual([`postOnly: ${TRADING_MESSAGES.postOnlyLimitGtc}`]);
  });
});

describe('custodyTransferSchema', () => {
  it('needs exactly one of userId and email and a positive amount', () => {
    expect(custodyTransferSchema.safeParse({ email: 'a@b.test', currency: 'USD', amount: '10.00' }).success).toBe(true);
    expect(custodyTransferSchema.safeParse({ currency: 'USD', amount: '10.00' }).success).toBe(false);
    expect(custodyTransferSchema.safeParse({ email: 'a@b.test', currency: 'USD', amount: 0 }).success).toBe(false);
    expect(custodyTransferSchema.safeParse({ email: 'a@b.test', currency: 'XXX', amount: 1 }).success).toBe(false);
  });
});

describe('custodyTransferSchema amounts per currency (decision 0044)', () => {
  const transfer = (currency: string, amount: string | number) =>
    custodyTransferSchema.safeParse({ email: 'investor@meridian.test', currency, amount });

  it('refuses a fraction of a yen with a message naming the rule', () => {
    const result = transfer('JPY', '100.50');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', 'JPY amounts have no decimals'],
    ]);
  });

  it('normalises the amount once to a decimal string', () => {
    expect(transfer('JPY', 100).data?.amount).toBe('100');
    expect(transfer('USD', ' 100.50 ').data?.amount).toBe('100.50');
    expect(transfer('EUR', 0.1).data?.amount).toBe('0.1');
  });
});

describe('price tick per currency (decision 0060)', () => {
  it('is one cent in two-decimal currencies and one yen in JPY, in ledger units', () => {
    expect(priceTick('USD')).toBe(1n);
    expect(priceTick('EUR')).toBe(1n);
    expect(priceTick('JPY')).toBe(100n);
    expect(isOnPriceTick(10_050n, 'USD')).toBe(true);
    expect(isOnPriceTick(10_050n, 'JPY')).toBe(false);
    expect(isOnPriceTick(10_100n, 'JPY')).toBe(true);
  });

  it('rounds bids down, asks up and references to the nearest tick', () => {
    expect(roundPriceToTick(10_050n, 'JPY', 'down')).toBe(10_000n);
    expect(roundPriceToTick(10_001n, 'JPY', 'up')).toBe(10_100n);
    expect(roundPriceToTick(10_049n, 'JPY', 'nearest')).toBe(10_000n);
    expect(roundPriceToTick(10_050n, 'JPY', 'nearest')).toBe(10_100n);
    expect(roundPriceToTick(10_100n, 'JPY', 'up')).toBe(10_100n);
    expect(roundPriceToTick(10_037n, 'USD', 'down')).toBe(10_037n);
  });

  it('names the tick problem of a typed price, and only that problem', () => {
    expect(priceTickIssue('100.50', 'JPY')).toBe('JPY prices have no decimals (tick 1 JPY)');
    expect(priceTickIssue(100.5, 'JPY')).toBe('JPY prices have no decimals (tick 1 JPY)');
    expect(priceTickIssue('100.00', 'JPY')).toBeNull();
    expect(priceTickIssue('100', 'JPY')).toBeNull();
    expect(priceTickIssue('100.50', 'USD')).toBeNull();
    expect(priceTickIssue('abc', 'JPY')).toBeNull();
    expect(priceTickIssue(null, 'JPY')).toBeNull();
  });
});
