import {
  candlesSchema,
  marketDataSchema,
  orderBookSchema,
  type CandleInterval,
  type Candles,
  type OrderBook,
  type Ticker,
} from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { marketKeys } from './keys';

/** GET /api/market-data: per instrument last price, 24h change, best bid/ask, volume, high/low. */
export async function getMarketData(): Promise<Ticker[]> {
  return marketDataSchema.parse(await apiRequest('GET', urlFromQueryKey(marketKeys.marketData())));
}

/** GET /api/instruments/:id/orderbook?depth=N: the best N levels a side. */
export async function getOrderBook(instrumentId: string, depth: number): Promise<OrderBook> {
  return orderBookSchema.parse(await apiRequest('GET', urlFromQueryKey(marketKeys.orderBook(instrumentId, depth))));
}

/** GET /api/instruments/:id/candles?interval=…&limit=…: candles of real trades. */
export async function getCandles(instrumentId: string, interval: CandleInterval, limit: number): Promise<Candles> {
  const url = urlFromQueryKey(marketKeys.candles(instrumentId, interval, limit));
  return candlesSchema.parse(await apiRequest('GET', url));
}
