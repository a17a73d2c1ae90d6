import {
  CANDLE_INTERVALS,
  bookLevelSchema,
  orderSchema,
  tickerSchema,
  toMinorUnits,
  tradeSchema,
  type BookLevel,
  type Candle,
  type CandleInterval,
  type InstrumentListItem,
  type Candles,
  type Order,
  type OrderBook,
  type StreamMessage,
  type Ticker,
  type Trade,
} from '@meridian/schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { instrumentKeys } from '@/entities/instrument';
import { applyOrder, orderKeys } from '@/entities/order';
import { portfolioKeys } from '@/entities/portfolio';
import { applyTrade, tradeKeys } from '@/entities/trade';
import { marketKeys } from './keys';

/** Validates a frame at the edge: anything not matching is ignored, never applied. */
export const streamMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('book'),
    instrumentId: z.uuid(),
    bids: z.array(bookLevelSchema),
    asks: z.array(bookLevelSchema),
    seq: z.number().int().optional(),
  }),
  z.object({ type: z.literal('trade'), trade: tradeSchema, seq: z.number().int().optional() }),
  z.object({ type: z.literal('ticker'), ticker: tickerSchema, seq: z.number().int().optional() }),
  z.object({ type: z.literal('order'), order: orderSchema }),
]) satisfies z.ZodType<StreamMessage>;

const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

const minor = (value: string) => toMinorUnits(value) ?? 0n;
const higher = (a: string, b: string) => (minor(a) >= minor(b) ? a : b);
const lower = (a: string, b: string) => (minor(a) <= minor(b) ? a : b);

/** A book snapshot cut to the depth a cached query asked for. */
export function bookAtDepth(instrumentId: string, bids: BookLevel[], asks: BookLevel[], depth: number): OrderBook {
  return { instrumentId, bids: bids.slice(0, depth), asks: asks.slice(0, depth) };
}

/** Replaces (or adds) one instrument's ticker in the market-data list. */
export function applyTicker(tickers: Ticker[] | undefined, ticker: Ticker): Ticker[] | undefined {
  if (!tickers) return tickers;
  const index = tickers.findIndex((t) => t.instrumentId === ticker.instrumentId);
  if (index === -1) return [...tickers, ticker];
  return tickers.map((t, i) => (i === index ? ticker : t));
}

/**
 * Folds a ticker into the instrument rows: last price, 24h change and traded value are the
 * same figures the server computes for `GET /api/instruments` (before a first trade the
 * row keeps its model price).
 */
export function applyTickerToInstruments(
  rows: InstrumentListItem[] | undefined,
  ticker: Ticker,
): InstrumentListItem[] | undefined {
  if (!rows || ticker.lastPrice === null) return rows;
  const last = ticker.lastPrice;
  return rows.map((row) =>
    row.id === ticker.instrumentId
      ? {
          ...row,
          price: last,
          priceSource: 'last',
          priceChange: ticker.changePercent ?? 0,
          volume24h: ticker.turnover24h,
        }
      : row,
  );
}

/**
 * Folds a trade into a candle series: it extends the candle of its interval, or opens a new
 * one after the last. A trade older than the last candle is left to the next refetch.
 */
export function applyTradeToCandles(series: Candles | undefined, trade: Trade, limit: number): Candles | undefined {
  if (!series || series.instrumentId !== trade.instrumentId) return series;
  const span = INTERVAL_MS[series.interval];
  const bucket = Math.floor(Date.parse(trade.createdAt) / span) * span;
  const candles = series.candles;
  const last = candles[candles.length - 1];
  const lastStart = last ? Date.parse(last.time) : -Infinity;
  if (bucket < lastStart) return series;
  if (last && bucket === lastStart) {
    const updated: Candle = {
      ...last,
      high: higher(last.high, trade.price),
      low: lower(last.low, trade.price),
      close: trade.price,
      volume: last.volume + trade.quantity,
    };
    return { ...series, candles: [...candles.slice(0, -1), updated] };
  }
  const opened: Candle = {
    time: new Date(bucket).toISOString(),
    open: trade.price,
    high: trade.price,
    low: trade.price,
    close: trade.price,
    volume: trade.quantity,
  };
  return { ...series, candles: [...candles, opened].slice(-limit) };
}

function depthOf(key: QueryKey): number | undefined {
  const params = key[3];
  return params && typeof params === 'object' && 'depth' in params ? Number(params.depth) : undefined;
}

function limitOf(key: QueryKey, fallback: number): number {
  const params = key[3];
  return params && typeof params === 'object' && 'limit' in params ? Number(params.limit) : fallback;
}

function isCandleInterval(value: unknown): value is CandleInterval {
  return CANDLE_INTERVALS.includes(value as CandleInterval);
}

/** Applies one validated stream message to every cached query it concerns. */
export function applyStreamMessage(client: QueryClient, message: StreamMessage): void {
  switch (message.type) {
    case 'book': {
      for (const [key] of client.getQueriesData<OrderBook>({
        queryKey: marketKeys.orderBookPrefix(message.instrumentId),
      })) {
        const depth = depthOf(key) ?? Math.max(message.bids.length, message.asks.length);
        client.setQueryData(key, bookAtDepth(message.instrumentId, message.bids, message.asks, depth));
      }
      return;
    }
    case 'ticker':
      client.setQueryData<Ticker[]>(marketKeys.marketData(), (old) => applyTicker(old, message.ticker));
      client.setQueryData<InstrumentListItem[]>(instrumentKeys.list(), (old) =>
        applyTickerToInstruments(old, message.ticker),
      );
      return;
    case 'trade': {
      const { trade } = message;
      client.setQueryData<Trade[]>(tradeKeys.all(), (old) => applyTrade(old, trade));
      for (const [key, series] of client.getQueriesData<Candles>({
        queryKey: marketKeys.candlesPrefix(trade.instrumentId),
      })) {
        if (!series || !isCandleInterval(series.interval)) continue;
        client.setQueryData(key, applyTradeToCandles(series, trade, limitOf(key, series.candles.length + 1)));
      }
      return;
    }
    case 'order': {
      client.setQueryData<Order[]>(orderKeys.mine(), (old) => applyOrder(old, message.order));
      client.setQueryData<Order[]>(orderKeys.all(), (old) => applyOrder(old, message.order));
      // An own order moved: reserved and settled balances, positions and P&L moved with it.
      void client.invalidateQueries({ queryKey: portfolioKeys.analytics() });
      void client.invalidateQueries({ queryKey: tradeKeys.mine() });
      return;
    }
  }
}

/** After a gap in the stream (reconnect), everything it feeds is refetched once. */
export function refreshStreamedQueries(client: QueryClient): void {
  for (const key of [marketKeys.marketData(), orderKeys.all(), tradeKeys.all(), portfolioKeys.analytics()]) {
    void client.invalidateQueries({ queryKey: key });
  }
  void client.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === instrumentKeys.list()[0] && ['orderbook', 'candles'].includes(String(query.queryKey[2])),
  });
}
