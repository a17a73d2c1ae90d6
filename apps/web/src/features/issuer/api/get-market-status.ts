import { instrumentListSchema, type InstrumentListItem } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const INSTRUMENTS_URL = '/api/instruments';

/** All listed instruments: the Market Status card derives listings and 24h volume from them. */
export async function getListedInstruments(): Promise<InstrumentListItem[]> {
  return instrumentListSchema.parse(await apiRequest('GET', INSTRUMENTS_URL));
}

export const listedInstrumentsQuery = () =>
  queryOptions({ queryKey: [INSTRUMENTS_URL], queryFn: getListedInstruments });

export function useListedInstruments() {
  return useQuery(listedInstrumentsQuery());
}
