import { generateEvents, parseTerms, type ContractEvent, type TermProblem } from '@meridian/actus';
import {
  DIVIDEND_PROJECTION_YEARS,
  addMonths,
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
  const generated = generateEvents(parsed.value, { observations, to: projectionHorizon(terms) });
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
