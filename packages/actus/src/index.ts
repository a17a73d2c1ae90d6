export { parseTerms } from './terms/parse.js';
export type { ContractTerms, ContractReference, TermProblem, Result } from './terms/types.js';
export { generateCashFlows, generateEvents, formatEventTime } from './engine/generate.js';
export type { CashFlows, ContractEvent, GenerateOptions } from './engine/generate.js';
export { DEFAULT_MAX_EVENTS } from './engine/budget.js';
export { registerCalendar, type BusinessCalendar } from './time/calendar.js';
export { supportedContractTypes } from './contracts/index.js';
