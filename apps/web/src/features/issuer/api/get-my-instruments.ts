import { instrumentListSchema, type InstrumentListItem } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const MY_INSTRUMENTS_URL = '/api/instruments/my';

/** The signed-in issuer's instruments (SPEC §7: fetched on load). */
export async function getMyInstruments(): Promise<InstrumentListItem[]> {
  return instrumentListSchema.parse(await apiRequest('GET', MY_INSTRUMENTS_URL));
}

export const myInstrumentsQuery = () => queryOptions({ queryKey: [MY_INSTRUMENTS_URL], queryFn: getMyInstruments });

export function useMyInstruments() {
  return useQuery(myInstrumentsQuery());
}
