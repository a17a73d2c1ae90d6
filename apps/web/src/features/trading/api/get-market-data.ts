import { marketDataSchema, type Ticker } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { fallbackInterval, useStreamStatus } from '@/lib/stream';
import { marketKeys } from '@/lib/stream-cache';
import { POLL_MS } from '../constants';

/** Per-instrument last price, 24h change, best bid/ask, volume, high/low. */
export async function getMarketData(): Promise<Ticker[]> {
  return marketDataSchema.parse(await apiRequest('GET', '/api/market-data'));
}

export const marketDataQuery = (refetchInterval: number | false) =>
  queryOptions({ queryKey: marketKeys.marketData(), queryFn: getMarketData, refetchInterval });

/** Live through the stream's tickers; polled every 2 s (SPEC §7) while the stream is down. */
export function useMarketData() {
  return useQuery(marketDataQuery(fallbackInterval(useStreamStatus(), POLL_MS.marketData)));
}
