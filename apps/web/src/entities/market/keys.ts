import type { CandleInterval } from '@meridian/schemas';
import { instrumentKeys } from '@/entities/instrument';

/**
 * Query keys of market data: /api/market-data and the per-instrument book and candles, which
 * live under /api/instruments/:id (style: see entities/README.md). The live stream writes into
 * exactly these keys, so every screen that reads a book or candles shares the stream's entry.
 */
export const marketKeys = {
  marketData: () => ['/api/market-data'] as const,
  orderBookPrefix: (instrumentId: string) => [...instrumentKeys.detail(instrumentId), 'orderbook'] as const,
  orderBook: (instrumentId: string, depth: number) =>
    [...instrumentKeys.detail(instrumentId), 'orderbook', { depth }] as const,
  candlesPrefix: (instrumentId: string) => [...instrumentKeys.detail(instrumentId), 'candles'] as const,
  candles: (instrumentId: string, interval: CandleInterval, limit: number) =>
    [...instrumentKeys.detail(instrumentId), 'candles', { interval, limit }] as const,
};
