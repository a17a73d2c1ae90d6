export { createInstrument, getInstrument, getInstrumentEvents, getInstruments, getMyInstruments } from './api';
export {
  INSTRUMENT_EVENTS_REFRESH_MS,
  instrumentsQuery,
  useCreateInstrument,
  useInstrument,
  useInstrumentEvents,
  useInstruments,
  useMyInstruments,
} from './hooks';
export { instrumentKeys } from './keys';
