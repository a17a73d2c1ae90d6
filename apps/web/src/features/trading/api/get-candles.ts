import { candlesSchema, type Candles } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { fallbackInterval, useStreamStatus } from '@/lib/stream';
import { marketKeys } from '@/lib/stream-cache';
import { CHART_INTERVAL, CHART_POINTS, POLL_MS } from '../constants';

export async function getCandles(instrumentId: string): Promise<Candles> {
  const url = `/api/instruments/${encodeURIComponent(instrumentId)}/candles?interval=${CHART_INTERVAL}&limit=${CHART_POINTS}`;
  return candlesSchema.parse(await apiRequest('GET', url));
}

export const candlesQuery = (instrumentId: string, refetchInterval: number | false) =>
  queryOptions({
    queryKey: marketKeys.candles(instrumentId, CHART_INTERVAL, CHART_POINTS),
    queryFn: () => getCandles(instrumentId),
    refetchInterval,
  });

/** Hourly candles of real trades; the stream's trades extend them between fetches. */
export function useCandles(instrumentId: string | null) {
  const interval = fallbackInterval(useStreamStatus(), POLL_MS.candles);
  return useQuery({ ...candlesQuery(instrumentId ?? '', interval), enabled: Boolean(instrumentId) });
}
