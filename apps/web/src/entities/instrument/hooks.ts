import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createInstrument, getInstrument, getInstrumentEvents, getInstruments, getMyInstruments } from './api';
import { instrumentKeys } from './keys';

type Options = { refetchInterval?: number | false; enabled?: boolean; meta?: Record<string, unknown> };

export const instrumentsQuery = () => queryOptions({ queryKey: instrumentKeys.list(), queryFn: getInstruments });

/**
 * Every listed instrument. Screens poll it at their own SPEC §7 cadence (marketplace 60 s,
 * trading 30 s); the live stream's tickers fold into it between fetches.
 */
export function useInstruments({ refetchInterval = false, enabled = true, meta }: Options = {}) {
  return useQuery({ ...instrumentsQuery(), refetchInterval, enabled, meta });
}

/** The signed-in issuer's instruments (SPEC §7: fetched on load). */
export function useMyInstruments() {
  return useQuery({ queryKey: instrumentKeys.mine(), queryFn: getMyInstruments });
}

export function useInstrument(id: string) {
  return useQuery({ queryKey: instrumentKeys.detail(id), queryFn: () => getInstrument(id) });
}

/** SPEC §7 polls positions every 30 s; a payment posted meanwhile shows at the same cadence. */
export const INSTRUMENT_EVENTS_REFRESH_MS = 30_000;

/** The instrument's payment events (instrument page "Events"): scheduled, paid, missed, failed. */
export function useInstrumentEvents(id: string) {
  return useQuery({
    queryKey: instrumentKeys.events(id),
    queryFn: () => getInstrumentEvents(id),
    refetchInterval: INSTRUMENT_EVENTS_REFRESH_MS,
  });
}

export function useCreateInstrument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInstrument,
    // SPEC §4: on success the instruments lists (and anything below /api/instruments) are refreshed.
    onSuccess: () => client.invalidateQueries({ queryKey: instrumentKeys.list() }),
  });
}
