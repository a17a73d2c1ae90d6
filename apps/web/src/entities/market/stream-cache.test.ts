import type { Candles, InstrumentListItem, Order, OrderBook, Ticker, Trade } from '@meridian/schemas';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { anOrder } from '@/test/fixtures';
import { applyOrder, orderKeys } from '@/entities/order';
import { portfolioKeys } from '@/entities/portfolio';
import { applyTrade, tradeKeys } from '@/entities/trade';
import { marketKeys } from './keys';
import {
  applyStreamMessage,
  applyTicker,
  applyTickerToInstruments,
  applyTradeToCandles,
  streamMessageSchema,
} from './stream-cache';

const A = '5b0f4a5e-8f0a-4a55-9d1b-2f1d8f1f4c11';
const B = '6c1f5b6f-9f1b-4b66-8e2c-3f2e9f2f5d22';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const trade = (n: number, price: string, quantity: number, createdAt: string, instrumentId = A): Trade => ({
  id: uuid(n),
  instrumentId,
  instrumentName: 'Bond',
  currency: 'USD',
  price,
  quantity,
  amount: '0.00',
  takerSide: 'buy',
  settlementStatus: 'completed',
  createdAt,
});

const ticker = (instrumentId: string, lastPrice: string): Ticker => ({
  instrumentId,
  name: 'Bond',
  currency: 'USD',
  lastPrice,
  change: '0.00',
  changePercent: 0,
  bestBid: null,
  bestAsk: null,
  volume24h: 1,
  turnover24h: '1.00',
  high24h: lastPrice,
  low24h: lastPrice,
  trades24h: 1,
});

const order = (id: string, status: Order['status'], updatedAt: string): Order =>
  anOrder({
    id,
    instrumentId: A,
    orderType: 'sell',
    quantity: 5,
    filledQuantity: status === 'filled' ? 5 : 0,
    remainingQuantity: status === 'filled' ? 0 : 5,
    price: '100.00',
    status,
    updatedAt,
  });

const series = (candles: Candles['candles']): Candles => ({ instrumentId: A, interval: '1h', candles });
const candle = (time: string, o: string, h: string, l: string, c: string, volume: number) => ({
  time,
  open: o,
  high: h,
  low: l,
  close: c,
  volume,
});

describe('applyTradeToCandles', () => {
  const start = series([candle('2026-11-22T08:00:00.000Z', '100.00', '101.00', '99.00', '100.50', 10)]);

  it('extends the candle of its hour: high, low, close and volume', () => {
    const next = applyTradeToCandles(start, trade(1, '101.50', 3, '2026-11-22T08:59:59.000Z'), 24);
    expect(next?.candles).toEqual([candle('2026-11-22T08:00:00.000Z', '100.00', '101.50', '99.00', '101.50', 13)]);
    const lower = applyTradeToCandles(start, trade(2, '98.75', 1, '2026-11-22T08:10:00.000Z'), 24);
    expect(lower?.candles[0]).toMatchObject({ low: '98.75', high: '101.00', close: '98.75', volume: 11 });
  });

  it('opens a new candle for a later hour and keeps at most `limit`', () => {
    const next = applyTradeToCandles(start, trade(1, '102.00', 2, '2026-11-22T10:05:00.000Z'), 1);
    expect(next?.candles).toEqual([candle('2026-11-22T10:00:00.000Z', '102.00', '102.00', '102.00', '102.00', 2)]);
  });

  it('starts the series of an instrument that had never traded', () => {
    const next = applyTradeToCandles(series([]), trade(1, '50.00', 4, '2026-11-22T09:30:00.000Z'), 24);
    expect(next?.candles).toEqual([candle('2026-11-22T09:00:00.000Z', '50.00', '50.00', '50.00', '50.00', 4)]);
  });

  it('ignores older trades and other instruments', () => {
    expect(applyTradeToCandles(start, trade(1, '1.00', 1, '2026-11-22T07:59:00.000Z'), 24)).toBe(start);
    expect(applyTradeToCandles(start, trade(1, '1.00', 1, '2026-11-22T08:30:00.000Z', B), 24)).toBe(start);
  });

  it('compares prices as decimals, not as text', () => {
    const next = applyTradeToCandles(start, trade(1, '99.5', 1, '2026-11-22T08:30:00.000Z'), 24);
    expect(next?.candles[0]).toMatchObject({ high: '101.00', low: '99.00' });
  });
});

describe('list reducers', () => {
  it('replaces a ticker by instrument or adds it', () => {
    const list = [ticker(A, '1.00'), ticker(B, '2.00')];
    expect(applyTicker(list, ticker(B, '3.00'))?.map((t) => t.lastPrice)).toEqual(['1.00', '3.00']);
    expect(applyTicker([ticker(A, '1.00')], ticker(B, '3.00'))).toHaveLength(2);
    expect(applyTicker(undefined, ticker(A, '1.00'))).toBeUndefined();
  });

  it('upserts orders newest first and never steps one back in time', () => {
    const open = order(uuid(1), 'open', '2026-11-22T08:00:00.000Z');
    const filled = order(uuid(1), 'filled', '2026-11-22T08:00:01.000Z');
    expect(applyOrder([open], filled)).toEqual([filled]);
    expect(applyOrder([filled], open)).toEqual([filled]);
    const other = order(uuid(2), 'open', '2026-11-22T09:00:00.000Z');
    expect(applyOrder([open], other)?.map((o) => o.id)).toEqual([uuid(2), uuid(1)]);
  });

  it('adds a trade once', () => {
    const t = trade(1, '1.00', 1, '2026-11-22T08:00:00.000Z');
    expect(applyTrade([], t)).toEqual([t]);
    expect(applyTrade([t], t)).toEqual([t]);
  });
});

describe('applyTickerToInstruments', () => {
  const row = (id: string) => ({
    id,
    price: '98.40',
    priceSource: 'model',
    priceChange: 0,
    volume24h: '0.00',
    name: 'Bond',
  });
  const rows = [row(A), row(B)] as unknown as InstrumentListItem[];

  it('puts the last trade, 24h change and traded value on the instrument row', () => {
    const next = applyTickerToInstruments(rows, { ...ticker(A, '101.25'), changePercent: 2.9, turnover24h: '506.25' });
    expect(next?.[0]).toMatchObject({
      price: '101.25',
      priceSource: 'last',
      priceChange: 2.9,
      volume24h: '506.25',
    });
    expect(next?.[1]).toBe(rows[1]);
  });

  it('keeps the model price of an instrument that never traded', () => {
    expect(applyTickerToInstruments(rows, { ...ticker(A, '1.00'), lastPrice: null })).toBe(rows);
  });
});

describe('applyStreamMessage', () => {
  const level = (price: string, quantity: number) => ({ price, quantity, total: '0.00' });

  it('writes a book into every cached depth of that instrument only', () => {
    const client = new QueryClient();
    const empty = (id: string): OrderBook => ({ instrumentId: id, bids: [], asks: [] });
    client.setQueryData(marketKeys.orderBook(A, 1), empty(A));
    client.setQueryData(marketKeys.orderBook(A, 8), empty(A));
    client.setQueryData(marketKeys.orderBook(B, 8), empty(B));
    const bids = [level('99.00', 1), level('98.00', 2)];
    applyStreamMessage(client, { type: 'book', instrumentId: A, bids, asks: [level('101.00', 3)] });
    expect(client.getQueryData<OrderBook>(marketKeys.orderBook(A, 1))?.bids).toEqual([bids[0]]);
    expect(client.getQueryData<OrderBook>(marketKeys.orderBook(A, 8))?.bids).toEqual(bids);
    expect(client.getQueryData<OrderBook>(marketKeys.orderBook(B, 8))).toEqual(empty(B));
  });

  it('feeds trades into the cached candles and trade list', () => {
    const client = new QueryClient();
    client.setQueryData(marketKeys.candles(A, '1h', 24), series([]));
    client.setQueryData(tradeKeys.all(), []);
    const t = trade(1, '100.00', 2, '2026-11-22T08:15:00.000Z');
    applyStreamMessage(client, { type: 'trade', trade: t });
    expect(client.getQueryData<Candles>(marketKeys.candles(A, '1h', 24))?.candles).toHaveLength(1);
    expect(client.getQueryData<Trade[]>(tradeKeys.all())).toEqual([t]);
  });

  it('updates own orders and marks the portfolio stale', () => {
    const client = new QueryClient();
    const o = order(uuid(3), 'open', '2026-11-22T08:00:00.000Z');
    client.setQueryData(orderKeys.mine(), []);
    client.setQueryData(portfolioKeys.analytics(), { any: 'thing' });
    applyStreamMessage(client, { type: 'order', order: o });
    expect(client.getQueryData(orderKeys.mine())).toEqual([o]);
    expect(client.getQueryState(portfolioKeys.analytics())?.isInvalidated).toBe(true);
  });
});

describe('streamMessageSchema', () => {
  it('accepts known frames and refuses malformed ones', () => {
    expect(streamMessageSchema.safeParse({ type: 'ticker', ticker: ticker(A, '1.00') }).success).toBe(true);
    expect(streamMessageSchema.safeParse({ type: 'ticker', ticker: { instrumentId: A } }).success).toBe(false);
    expect(streamMessageSchema.safeParse({ type: 'hello' }).success).toBe(false);
  });
});
