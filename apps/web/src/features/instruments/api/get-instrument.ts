import { instrumentDetailSchema, orderBookSchema, type InstrumentDetail, type OrderBook } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, errorStatus } from '@/lib/api';

const instrumentUrl = (id: string) => `/api/instruments/${encodeURIComponent(id)}`;

/** GET /api/instruments/:id: terms, computed events, price, yield, duration, holders, next payment. */
export async function getInstrument(id: string): Promise<InstrumentDetail> {
  return instrumentDetailSchema.parse(await apiRequest('GET', instrumentUrl(id)));
}

export const instrumentQuery = (id: string) =>
  queryOptions({ queryKey: [instrumentUrl(id)], queryFn: () => getInstrument(id) });

export function useInstrument(id: string) {
  return useQuery(instrumentQuery(id));
}

/** The book of one instrument; null while the trading API does not serve books (404). */
export async function getOrderBook(id: string): Promise<OrderBook | null> {
  try {
    return orderBookSchema.parse(await apiRequest('GET', `${instrumentUrl(id)}/orderbook`));
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

// Same cadence as the trading screen's order data (SPEC §7: 5 s).
const ORDER_BOOK_REFRESH_MS = 5_000;

export function useOrderBook(id: string) {
  return useQuery({
    queryKey: [`${instrumentUrl(id)}/orderbook`],
    queryFn: () => getOrderBook(id),
    refetchInterval: (query) => (query.state.data === null ? false : ORDER_BOOK_REFRESH_MS),
  });
}
