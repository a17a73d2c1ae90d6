import type { InstrumentDetail, InstrumentEvents, InstrumentForm, InstrumentListItem } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { instrumentKeys } from './keys';

/** GET /api/instruments: every listed instrument with price, yield and 24h figures. */
export async function getInstruments(): Promise<InstrumentListItem[]> {
  return apiRequest<InstrumentListItem[]>('GET', urlFromQueryKey(instrumentKeys.list()));
}

/** GET /api/instruments/my: the signed-in issuer's instruments. */
export async function getMyInstruments(): Promise<InstrumentListItem[]> {
  return apiRequest<InstrumentListItem[]>('GET', urlFromQueryKey(instrumentKeys.mine()));
}

/** GET /api/instruments/:id: terms, computed events, price, yield, duration, holders, next payment. */
export async function getInstrument(id: string): Promise<InstrumentDetail> {
  return apiRequest<InstrumentDetail>('GET', urlFromQueryKey(instrumentKeys.detail(id)));
}

/** GET /api/instruments/:id/events: each payment date of the schedule, scheduled vs paid, and your share. */
export async function getInstrumentEvents(id: string): Promise<InstrumentEvents> {
  return apiRequest<InstrumentEvents>('GET', urlFromQueryKey(instrumentKeys.events(id)));
}

/** POST /api/instruments: the validated wizard form; the server rebuilds the ACTUS terms itself. */
export async function createInstrument(form: InstrumentForm): Promise<InstrumentDetail> {
  return apiRequest<InstrumentDetail>('POST', urlFromQueryKey(instrumentKeys.list()), form);
}
