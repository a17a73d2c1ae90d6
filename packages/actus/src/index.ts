export { parseTerms } from './terms/parse.js';
export type { ContractTerms, ContractReference, TermProblem, Result } from './terms/types.js';
export { generateEvents } from './engine/generate.js';
export type { ContractEvent, GenerateOptions } from './engine/generate.js';
export { registerCalendar, type BusinessCalendar } from './time/calendar.js';
export { supportedContractTypes } from './contracts/index.js';
