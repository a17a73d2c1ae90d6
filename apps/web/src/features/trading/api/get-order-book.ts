import { orderBookSchema, type OrderBook } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { fallbackInterval, useStreamStatus } from '@/lib/stream';
import { marketKeys } from '@/lib/stream-cache';
import { ORDER_BOOK_DEPTH, POLL_MS } from '../constants';

export async function getOrderBook(instrumentId: string, depth = ORDER_BOOK_DEPTH): Promise<OrderBook> {
  const url = `/api/instruments/${encodeURIComponent(instrumentId)}/orderbook?depth=${depth}`;
  return orderBookSchema.parse(await apiRequest('GET', url));
}

export const orderBookQuery = (instrumentId: string, refetchInterval: number | false) =>
  queryOptions({
    queryKey: marketKeys.orderBook(instrumentId, ORDER_BOOK_DEPTH),
    queryFn: () => getOrderBook(instrumentId),
    refetchInterval,
  });

/** The selected instrument's book, 8 levels a side; kept current by the stream's book frames. */
export function useOrderBook(instrumentId: string | null) {
  const interval = fallbackInterval(useStreamStatus(), POLL_MS.orderBook);
  return useQuery({ ...orderBookQuery(instrumentId ?? '', interval), enabled: Boolean(instrumentId) });
}
