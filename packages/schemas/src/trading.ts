import { z } from 'zod';
import {
  AMOUNT_MESSAGES,
  decimalInputSchema,
  decimalStringSchema,
  isAmountWithinBounds,
  lineTextSchema,
  toMinorUnits,
  instantSchema,
} from './common';
import { processSettlementsResultSchema } from './custody';
import { CONTRACT_TYPES, CURRENCIES } from './instrument-constants';
import { currencyDecimals, currencyDecimalsMessage, fitsCurrency, LEDGER_DECIMALS } from './money';

// Trading messages and constants (SPEC §2 Trading Interface, §3 Order / Order book, §5, §9).

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
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const DEFAULT_CANDLE_INTERVAL: CandleInterval = '1h';
/** Levels per side on the Trading Interface (SPEC §9). */
export const ORDER_BOOK_DEPTH = 8;
export const MAX_ORDER_BOOK_DEPTH = 50;
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

/** One aggregated price level; total = price x quantity. */
export const bookLevelSchema = z.object({
  price: decimalStringSchema,
  quantity: z.number().int(),
  total: decimalStringSchema,
});
export type BookLevel = z.infer<typeof bookLevelSchema>;

export const orderBookSchema = z
  .object({
    instrumentId: z.uuid(),
    bids: z.array(bookLevelSchema),
    asks: z.array(bookLevelSchema),
  })
  .meta({ id: 'OrderBook' });
export type OrderBook = z.infer<typeof orderBookSchema>;
export const orderBookQuerySchema = z.object({
  depth: z.coerce.number().int().min(1).max(MAX_ORDER_BOOK_DEPTH).default(ORDER_BOOK_DEPTH),
});

export const tickerSchema = z
  .object({
    instrumentId: z.uuid(),
    name: z.string(),
    currency: z.string(),
    lastPrice: decimalStringSchema.nullable(),
    /** Last price minus the last price 24 hours ago (or the first trade since), signed decimal. */
    change: z.string().nullable(),
    changePercent: z.number().nullable(),
    bestBid: decimalStringSchema.nullable(),
    bestAsk: decimalStringSchema.nullable(),
    /** Units traded in the last 24 hours. */
    volume24h: z.number().int(),
    /** Value traded in the last 24 hours, decimal string. */
    turnover24h: decimalStringSchema,
    high24h: decimalStringSchema.nullable(),
    low24h: decimalStringSchema.nullable(),
    trades24h: z.number().int(),
  })
  .meta({ id: 'Ticker' });
export type Ticker = z.infer<typeof tickerSchema>;
export const marketDataSchema = z.array(tickerSchema);

export const candleSchema = z.object({
  /** Start of the interval, ISO UTC. */
  time: z.string(),
  open: decimalStringSchema,
  high: decimalStringSchema,
  low: decimalStringSchema,
  close: decimalStringSchema,
  volume: z.number().int(),
});
export type Candle = z.infer<typeof candleSchema>;
export const candlesQuerySchema = z.object({
  interval: z.enum(CANDLE_INTERVALS).default(DEFAULT_CANDLE_INTERVAL),
  limit: z.coerce.number().int().min(1).max(500).default(24),
});
export const candlesSchema = z
  .object({ instrumentId: z.uuid(), interval: z.enum(CANDLE_INTERVALS), candles: z.array(candleSchema) })
  .meta({ id: 'Candles' });
export type Candles = z.infer<typeof candlesSchema>;

/** A signed decimal amount with two fraction digits, e.g. '-12.50' (P&L, converted values). */
const signedAmount = z.string().regex(/^-?\d+\.\d{2}$/);

export const cashBalanceSchema = z.object({
  currency: z.string(),
  total: decimalStringSchema,
  reserved: decimalStringSchema,
  available: decimalStringSchema,
  /** `total` in the reporting currency; null when there is no FX rate for `currency`. */
  reportingValue: signedAmount.nullable().optional(),
});
export type CashBalance = z.infer<typeof cashBalanceSchema>;

export const positionSchema = z.object({
  instrumentId: z.uuid(),
  instrumentName: z.string(),
  currency: z.string(),
  units: z.number().int(),
  reservedUnits: z.number().int(),
  /** Mark price per unit (last trade, else model), decimal string; null when none. */
  price: z.string().nullable(),
  marketValue: z.string(),
  costBasis: z.string(),
  unrealizedPnL: z.string(),
  /** ACTUS contract type (for the asset-class split). */
  contractType: z.enum(CONTRACT_TYPES).optional(),
  /** `marketValue` in the reporting currency; null when there is no FX rate for `currency`. */
  reportingValue: signedAmount.nullable().optional(),
  /**
   * The instrument's issuer missed a payment (servicing recorded a credit event; instrument status
   * `defaulted`): the position no longer trades or pays. Always sent by the server; optional only so
   * clients built before it still type-check.
   */
  defaulted: z.boolean().optional(),
});
export type Position = z.infer<typeof positionSchema>;

/** Unsold units of the user's own issues: listed, but outside portfolio value and P&L. */
export const issuedInventorySchema = positionSchema.pick({
  instrumentId: true,
  instrumentName: true,
  currency: true,
  units: true,
  reservedUnits: true,
  price: true,
  marketValue: true,
});
export type IssuedInventory = z.infer<typeof issuedInventorySchema>;

/** `GET /api/portfolio/analytics?currency=EUR`: the reporting currency of the totals (USD by default). */
export const portfolioAnalyticsQuerySchema = z.object({ currency: z.enum(CURRENCIES).default('USD') }).strict();
export type PortfolioAnalyticsQuery = z.infer<typeof portfolioAnalyticsQuerySchema>;

/** The FX rates a converted figure used: ECB reference rates, crossed through EUR in exact decimals. */
export const reportingFxSchema = z.object({
  source: z.string(),
  /** Latest publication date among the rates used; null when none was needed or available. */
  rateDate: z.iso.date().nullable(),
  /** Units of the reporting currency per 1 unit of each held currency (8 decimals). */
  rates: z.array(z.object({ currency: z.string(), rate: z.string(), rateDate: z.iso.date() })),
  /** Held currencies with no published rate: their amounts are listed but not in the totals. */
  notConverted: z.array(z.string()),
});
export type ReportingFx = z.infer<typeof reportingFxSchema>;

/**
 * `GET /api/portfolio/analytics`. Totals are in `currency` (the reporting currency, USD by default):
 * each currency's amounts are summed in that currency, then converted once with the latest ECB
 * rates (`fx`); a currency without a rate is named in `fx.notConverted` and left out of the totals.
 * totalPortfolioValue = cash + positions at mark; totalPnL = unrealized + realized; todayPnL = change since 00:00 UTC.
 */
export const portfolioAnalyticsSchema = z
  .object({
    currency: z.string(),
    totalPortfolioValue: z.string(),
    totalPnL: z.string(),
    realizedPnL: z.string(),
    todayPnL: z.string(),
    totalTrades: z.number().int(),
    openOrders: z.number().int(),
    cash: z.array(cashBalanceSchema),
    /** Investments: units bought from others, at cost (cash paid) and mark. */
    positions: z.array(positionSchema),
    /** Always sent by the server; optional only so clients built before it still type-check. */
    issuedInventory: z.array(issuedInventorySchema).optional(),
    /** Always sent by the server (optional for older clients): the conversion behind the totals. */
    fx: reportingFxSchema.optional(),
  })
  .meta({ id: 'PortfolioAnalytics' });
export type PortfolioAnalytics = z.infer<typeof portfolioAnalyticsSchema>;

const amountInput = decimalInputSchema(required.error)
  .refine((v) => (toMinorUnits(v) ?? 0n) > 0n, AMOUNT_MESSAGES.positive)
  .refine((v) => (toMinorUnits(v) ?? 0n) <= 0n || isAmountWithinBounds(v), AMOUNT_MESSAGES.tooLarge);

/** `POST /api/custody/deposits` and `/withdrawals`: cash in or out of a user's account. */
export const custodyTransferSchema = z
  .object({
    /** The account holder, by id or by email. */
    userId: z.uuid().optional(),
    email: z.email().optional(),
    currency: z.enum(CURRENCIES),
    amount: amountInput,
    /** The bank's reference of the transfer; a reference is booked once only. */
    reference: lineTextSchema({ max: 200 }).optional(),
  })
  .refine((t) => Boolean(t.userId) !== Boolean(t.email), { message: 'Give either userId or email', path: ['userId'] })
  .refine((t) => fitsCurrency(t.amount, t.currency), {
    error: (issue) => currencyDecimalsMessage((issue.input as { currency: string }).currency),
    path: ['amount'],
  })
  .meta({ id: 'CustodyTransfer' });
export type CustodyTransfer = z.output<typeof custodyTransferSchema>;

export const custodyTransferResultSchema = z
  .object({
    entryId: z.uuid(),
    userId: z.uuid(),
    currency: z.string(),
    amount: decimalStringSchema,
    balance: cashBalanceSchema,
  })
  .meta({ id: 'CustodyTransferResult' });
export type CustodyTransferResult = z.infer<typeof custodyTransferResultSchema>;

/**
 * A deposit or withdrawal over the custodian's single-signature limit (manage_custody's maxAmount, in USD):
 * nothing has moved yet; a second, distinct custodian approves it (POST
 * /api/custody/approvals/:id/approve) and the money moves in that transaction.
 */
export const custodyPendingMoveSchema = z
  .object({
    status: z.literal('pending_approval'),
    approvalId: z.uuid(),
    userId: z.uuid(),
    currency: z.string(),
    amount: decimalStringSchema,
    /** Distinct approvers still needed besides the requester. */
    requiredApprovers: z.number().int(),
    expiresAt: instantSchema,
    message: z.string(),
  })
  .meta({ id: 'CustodyPendingMove' });
export type CustodyPendingMove = z.infer<typeof custodyPendingMoveSchema>;

/**
 * One custodian's decision on a pending custody approval; `move` is the booked deposit or
 * withdrawal once approved, `batch` the settled Process Queue batch.
 */
export const custodyCountersignResultSchema = z
  .object({
    approvalId: z.uuid(),
    status: z.enum(['pending', 'approved', 'rejected', 'expired']),
    approvedBy: z.array(z.string()),
    move: custodyTransferResultSchema.nullable(),
    /** A confirmed Process Queue batch: what it settled. */
    batch: processSettlementsResultSchema.nullable(),
  })
  .meta({ id: 'CustodyCountersignResult' });
export type CustodyCountersignResult = z.infer<typeof custodyCountersignResultSchema>;
