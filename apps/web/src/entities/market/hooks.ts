import { ORDER_BOOK_DEPTH, type CandleInterval } from '@meridian/schemas';
import { useQuery } from '@tanstack/react-query';
import { useStreamFallback } from '@/lib/stream-status';
import { getCandles, getMarketData, getOrderBook } from './api';
import { marketKeys } from './keys';

/**
 * SPEC §7 polling of the stream-fed market data; each polls only while the stream is not live
 * (a screen that does not open the stream therefore always polls).
 */
export const MARKET_POLL_MS = {
  marketData: 2_000,
  /** Not in SPEC §7: the book and candles follow market data and trades when polled. */
  orderBook: 2_000,
  candles: 5_000,
} as const;

/** One ticker per listed instrument; live through the stream's tickers. */
export function useMarketData() {
  const refetchInterval = useStreamFallback(MARKET_POLL_MS.marketData);
  return useQuery({ queryKey: marketKeys.marketData(), queryFn: getMarketData, refetchInterval });
}

/** An instrument's book, `depth` levels a side; kept current by the stream's book frames. */
export function useOrderBook(instrumentId: string | null, depth: number = ORDER_BOOK_DEPTH) {
  const refetchInterval = useStreamFallback(MARKET_POLL_MS.orderBook);
  return useQuery({
    queryKey: marketKeys.orderBook(instrumentId ?? '', depth),
    queryFn: () => getOrderBook(instrumentId ?? '', depth),
    refetchInterval,
    enabled: Boolean(instrumentId),
  });
}

/** Candles of real trades; the stream's trades extend them between fetches. */
export function useCandles(instrumentId: string | null, interval: CandleInterval, limit: number) {
  const refetchInterval = useStreamFallback(MARKET_POLL_MS.candles);
  return useQuery({
    queryKey: marketKeys.candles(instrumentId ?? '', interval, limit),
    queryFn: () => getCandles(instrumentId ?? '', interval, limit),
    refetchInterval,
    enabled: Boolean(instrumentId),
  });
}
