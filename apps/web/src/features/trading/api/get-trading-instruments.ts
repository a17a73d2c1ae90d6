import { instrumentListSchema, type InstrumentListItem } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { marketKeys } from '@/lib/stream-cache';
import { POLL_MS } from '../constants';

/** Listed instruments for Market Watch and order entry (SPEC §7: every 30 s on this screen). */
export async function getTradingInstruments(): Promise<InstrumentListItem[]> {
  return instrumentListSchema.parse(await apiRequest('GET', '/api/instruments'));
}

export const tradingInstrumentsQuery = () =>
  queryOptions({
    queryKey: marketKeys.instruments(),
    queryFn: getTradingInstruments,
    refetchInterval: POLL_MS.instruments,
  });

export function useTradingInstruments() {
  return useQuery(tradingInstrumentsQuery());
}
