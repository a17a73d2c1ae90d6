import { z } from 'zod';
import { decimalStringSchema } from './common';

// Market data messages (SPEC §2 Trading Interface, §9): order book levels, tickers, candles.

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const DEFAULT_CANDLE_INTERVAL: CandleInterval = '1h';
/** Levels per side on the Trading Interface (SPEC §9). */
export const ORDER_BOOK_DEPTH = 8;
export const MAX_ORDER_BOOK_DEPTH = 50;

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
