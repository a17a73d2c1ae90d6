import { generateEvents, parseTerms, type ContractEvent, type TermProblem } from '@meridian/actus';
import {
  DIVIDEND_PROJECTION_YEARS,
  addMonths,
  cycleMonths,
  buildActusObservations,
  buildActusTerms,
  type ActusObservations,
  type InstrumentForm,
  type RawActusTerms,
} from '@meridian/schemas';

export interface CompiledInstrument {
  terms: RawActusTerms;
  observations: ActusObservations;
  events: ContractEvent[];
}

export type CompileResult = { ok: true; value: CompiledInstrument } | { ok: false; problems: TermProblem[] };

/**
 * The engine's event budget on the request path. It bounds both the size and the running
 * time of one evaluation (the engine also charges inner-loop work against it, at most 100
 * steps per event). With at most MAX_EVENTS / 4 payment periods (a 208-year monthly
 * schedule) every form the API accepts is evaluated or refused in well under a second
 * (engine.test.ts measures the worst cases), so the evaluation runs on the request
 * thread without a worker pool.
 */
export const INSTRUMENT_MAX_EVENTS = 10_000;

/** Payment periods of the form's schedule, computed from the dates alone (nothing built). */
function paymentPeriods(form: InstrumentForm): number {
  if (!form.maturityDate) return 0;
  const [y1, m1] = form.issueDate.split('-').map(Number) as [number, number];
  const [y2, m2] = form.maturityDate.split('-').map(Number) as [number, number];
  return (y2 * 12 + m2 - (y1 * 12 + m1)) / cycleMonths(form.paymentFrequency);
}

/**
 * Refuses a schedule over the budget before the terms and their projected market data are
 * built: a monthly floating loan from 0001 to 9999 would otherwise project 120,000 fixings
 * (seconds of work) only to be refused by the engine.
 */
function tooLongSchedule(form: InstrumentForm): TermProblem | null {
  // Each period carries at most four events (interest, redemption, rate reset, annuity fixing).
  if (paymentPeriods(form) * 4 <= INSTRUMENT_MAX_EVENTS) return null;
  return {
    term: 'maturityDate',
    code: 'SCHEDULE_TOO_LONG',
    message: `The schedule from ${form.issueDate} to ${form.maturityDate} has too many payment dates for the engine's budget of ${INSTRUMENT_MAX_EVENTS.toLocaleString('en-US')} events`,
  };
}

/** ACTUS contractID of a new instrument: contract type plus creation timestamp (SPEC §3). */
export function newContractId(contractType: string, now: Date): string {
  return `${contractType}-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/**
 * Rebuilds the terms from the validated form (never from browser-sent terms), then lets the
 * ACTUS engine validate them and compute the schedule. Engine problems are returned, not thrown.
 */
export function compileInstrument(form: InstrumentForm, contractId: string): CompileResult {
  const tooLong = tooLongSchedule(form);
  if (tooLong) return { ok: false, problems: [tooLong] };
  const terms = buildActusTerms(form, { contractId });
  const observations = buildActusObservations(form, { contractId });
  const events = computeEvents(terms, observations);
  return events.ok
    ? { ok: true, value: { terms, observations, events: events.value } }
    : { ok: false, problems: events.problems };
}

/** Parses stored or new terms and generates their events; stocks stop at the dividend projection horizon. */
export function computeEvents(
  terms: RawActusTerms,
  observations: ActusObservations,
): { ok: true; value: ContractEvent[] } | { ok: false; problems: TermProblem[] } {
  const parsed = parseTerms(terms);
  if (!parsed.ok) return { ok: false, problems: parsed.error };
  const generated = generateEvents(parsed.value, {
    observations,
    to: projectionHorizon(terms),
    maxEvents: INSTRUMENT_MAX_EVENTS,
  });
  return generated.ok ? { ok: true, value: generated.value } : { ok: false, problems: generated.error };
}

function projectionHorizon(terms: RawActusTerms): string | undefined {
  if (terms.contractType !== 'STK' || typeof terms.purchaseDate !== 'string') return undefined;
  return `${addMonths(terms.purchaseDate.slice(0, 10), DIVIDEND_PROJECTION_YEARS * 12)}T00:00`;
}

/** Roles in which the terms describe the holder's (long) side; other roles are the issuer's view. */
const LONG_ROLES = new Set(['RPA', 'BUY', 'RFL', 'RF']);

/** +1 when the terms' events are the unit holder's cash flows, -1 when they are the issuer's. */
export function holderSign(terms: RawActusTerms): 1 | -1 {
  return LONG_ROLES.has(String(terms.contractRole)) ? 1 : -1;
}
