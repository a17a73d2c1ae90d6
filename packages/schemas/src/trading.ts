import { z } from 'zod';
import {
  AMOUNT_MESSAGES,
  decimalInputSchema,
  decimalStringSchema,
  instantSchema,
  isAmountWithinBounds,
  toMinorUnits,
} from './common';
import { currencyDecimals, LEDGER_DECIMALS } from './money';

// Order entry and the blotter (SPEC §2 Trading Interface, §3 Order, §7 /api/orders, /api/trades):
// order constants and messages, price ticks, the order form, orders and trades as answered.
// Book, ticker and candle messages are in market-data.ts, balances and positions in portfolio.ts.

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['market', 'limit'] as const;
export type OrderKind = (typeof ORDER_TYPES)[number];
/** GTC rests the remainder, IOC cancels it, FOK trades all at once or nothing. Market orders never rest. */
export const TIMES_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export type TimeInForceCode = (typeof TIMES_IN_FORCE)[number];
/** `open` also covers a partly filled order still resting (see `filledQuantity`). */
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Why an order stopped before filling: the owner, no more liquidity (IOC/market), or self-trade prevention. */
export const CANCEL_REASONS = ['user', 'no_liquidity', 'self_trade'] as const;
export type CancelReasonCode = (typeof CANCEL_REASONS)[number];
/**
 * Settlement statuses (SPEC §3 shows pending, processing, completed). A T+0 trade settles
 * delivery-versus-payment in its own transaction; a T+N one waits `pending` for its date and
 * is `failed` (with a reason, retried the next business day) when a leg is missing.
 */
export const SETTLEMENT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
/** Largest order accepted, in units; keeps every engine figure an exact integer. */
export const MAX_ORDER_QUANTITY = 1_000_000_000;

export const TRADING_MESSAGES = {
  invalidOrderTitle: 'Invalid Order',
  requiredFields: 'Please fill in all required fields',
  orderFailedTitle: 'Order Failed',
  invalidQuantity: 'Quantity must be a whole number greater than 0',
  quantityTooLarge: `Quantity must be at most ${MAX_ORDER_QUANTITY.toLocaleString('en-US')}`,
  invalidPrice: 'Price must be greater than 0 with at most 2 decimals',
  priceTooLarge: `Price must be at most ${AMOUNT_MESSAGES.tooLarge.replace('Amount must be at most ', '')}`,
  priceOnlyForLimit: 'Price is only allowed for limit orders',
  postOnlyLimitGtc: 'Post-only applies to GTC limit orders only',
} as const;

/**
 * An instrument's price tick follows its currency's minor unit (docs/decisions/0060): 0.01 in
 * a two-decimal currency, 1 in JPY. Quantities are whole units, so price x quantity, what a
 * trade pays and a buy reserves, is always a whole number of the currency's minor units.
 * Answered in ledger units (hundredths): 1 for USD, 100 for JPY.
 */
export function priceTick(currency: string): bigint {
  return 10n ** BigInt(LEDGER_DECIMALS - currencyDecimals(currency));
}

/** True when a price (ledger units) is a whole number of its currency's ticks. */
export function isOnPriceTick(price: bigint, currency: string): boolean {
  return price % priceTick(currency) === 0n;
}

/** The refusal of a price finer than the tick: 'JPY prices have no decimals (tick 1 JPY)'. */
export function priceTickMessage(currency: string): string {
  const decimals = currencyDecimals(currency);
  return decimals === 0
    ? `${currency} prices have no decimals (tick 1 ${currency})`
    : `${currency} prices have at most ${decimals} decimal${decimals === 1 ? '' : 's'}`;
}

/** A positive price (ledger units) moved onto the tick: bids round down, asks up, a reference to the nearest. */
export function roundPriceToTick(price: bigint, currency: string, direction: 'down' | 'up' | 'nearest'): bigint {
  const tick = priceTick(currency);
  const below = price - (((price % tick) + tick) % tick);
  if (below === price) return price;
  if (direction === 'down') return below;
  if (direction === 'up') return below + tick;
  return (price - below) * 2n >= tick ? below + tick : below;
}

/**
 * The tick problem of a typed limit price in a currency, or null (no price, a price the
 * schema refuses for other reasons, or one on the tick): what the order forms show before
 * the server answers the same with 400.
 */
export function priceTickIssue(price: string | number | null | undefined, currency: string): string | null {
  if (price === null || price === undefined || price === '') return null;
  const minor = toMinorUnits(String(price));
  return minor === null || isOnPriceTick(minor, currency) ? null : priceTickMessage(currency);
}

const required = { error: TRADING_MESSAGES.requiredFields };
const wholeUnits = z.union(
  [z.number(), z.string().regex(/^\d+$/, TRADING_MESSAGES.invalidQuantity).transform(Number)],
  required,
);
const priceInput = decimalInputSchema().nullable().optional();

/** `POST /api/orders` body (SPEC §7: quantity, price only for limit, orderType buy/sell, type, instrumentId). */
export const placeOrderSchema = z
  .object({
    instrumentId: z.uuid(required),
    orderType: z.enum(ORDER_SIDES, required),
    type: z.enum(ORDER_TYPES, required),
    quantity: wholeUnits
      .refine((q) => Number.isSafeInteger(q) && q > 0, TRADING_MESSAGES.invalidQuantity)
      .refine((q) => q <= MAX_ORDER_QUANTITY, TRADING_MESSAGES.quantityTooLarge),
    price: priceInput,
    timeInForce: z.enum(TIMES_IN_FORCE).default('GTC'),
    postOnly: z.boolean().default(false),
  })
  .superRefine((order, ctx) => {
    const hasPrice = order.price !== undefined && order.price !== null && order.price !== '';
    if (order.type === 'limit' && !hasPrice)
      ctx.addIssue({ code: 'custom', path: ['price'], message: TRADING_MESSAGES.requiredFields });
    if (order.type === 'market' && hasPrice)
      ctx.addIssue({ code: 'custom', path: ['price'], message: TRADING_MESSAGES.priceOnlyForLimit });
    if (hasPrice) {
      const minor = toMinorUnits(order.price!);
      if (minor === null || minor <= 0n)
        ctx.addIssue({ code: 'custom', path: ['price'], message: TRADING_MESSAGES.invalidPrice });
      else if (!isAmountWithinBounds(order.price!))
        ctx.addIssue({ code: 'custom', path: ['price'], message: TRADING_MESSAGES.priceTooLarge });
    }
    if (order.postOnly && (order.type !== 'limit' || order.timeInForce !== 'GTC')) {
      ctx.addIssue({ code: 'custom', path: ['postOnly'], message: TRADING_MESSAGES.postOnlyLimitGtc });
    }
  })
  .meta({ id: 'PlaceOrder' });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

export const orderSchema = z
  .object({
    id: z.uuid(),
    instrumentId: z.uuid(),
    instrumentName: z.string(),
    currency: z.string(),
    orderType: z.enum(ORDER_SIDES),
    type: z.enum(ORDER_TYPES),
    timeInForce: z.enum(TIMES_IN_FORCE),
    postOnly: z.boolean(),
    quantity: z.number().int(),
    filledQuantity: z.number().int(),
    remainingQuantity: z.number().int(),
    /** Limit price per unit, decimal string; null for market orders. */
    price: decimalStringSchema.nullable(),
    /** Volume-weighted fill price, 4 decimals; null before any fill. */
    averagePrice: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    cancelReason: z.enum(CANCEL_REASONS).nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
    /** Who placed it: only in the market-wide list a supervisor (view_regulatory_data) reads. */
    userId: z.uuid().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const tradeSchema = z
  .object({
    id: z.uuid(),
    instrumentId: z.uuid(),
    instrumentName: z.string(),
    currency: z.string(),
    price: decimalStringSchema,
    quantity: z.number().int(),
    /** price x quantity, decimal string. */
    amount: decimalStringSchema,
    /** Side of the incoming (aggressor) order. */
    takerSide: z.enum(ORDER_SIDES),
    settlementStatus: z.enum(SETTLEMENT_STATUSES),
    createdAt: instantSchema,
  })
  .meta({ id: 'Trade' });
export type Trade = z.infer<typeof tradeSchema>;
export const tradeListSchema = z.array(tradeSchema);

/** A trade seen by one of its parties. */
export const myTradeSchema = tradeSchema
  .extend({ side: z.enum(ORDER_SIDES), orderId: z.uuid(), liquidity: z.enum(['maker', 'taker']) })
  .meta({ id: 'MyTrade' });
export type MyTrade = z.infer<typeof myTradeSchema>;
export const myTradeListSchema = z.array(myTradeSchema);
