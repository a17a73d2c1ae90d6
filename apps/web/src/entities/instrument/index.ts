export { createInstrument, getInstrument, getInstruments, getMyInstruments } from './api';
export { instrumentsQuery, useCreateInstrument, useInstrument, useInstruments, useMyInstruments } from './hooks';
export { instrumentKeys } from './keys';
