import { instrumentListSchema, type InstrumentListItem } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { MARKETPLACE_REFRESH_MS } from '../constants';

const INSTRUMENTS_URL = '/api/instruments';

export async function getInstruments(): Promise<InstrumentListItem[]> {
  return instrumentListSchema.parse(await apiRequest('GET', INSTRUMENTS_URL));
}

export const instrumentsQuery = () => queryOptions({ queryKey: [INSTRUMENTS_URL], queryFn: getInstruments });

/** Every listed instrument, re-fetched every 60 s on the marketplace (SPEC §7). */
export function useInstruments() {
  return useQuery({ ...instrumentsQuery(), refetchInterval: MARKETPLACE_REFRESH_MS });
}
