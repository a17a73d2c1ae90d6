import { parseTerms } from '../terms/parse.js';
import { generateEvents, type ContractEvent } from '../engine/generate.js';
import { parseTime } from '../time/datetime.js';
import { observationsOf, type TestCase } from './load.js';

export const RELATIVE_TOLERANCE = 1e-9;

/** Outcome of one case: passed, or the first difference in readable form. */
export type CaseOutcome = { passed: true } | { passed: false; reason: string };

const NON_NUMERIC = new Set(['eventDate', 'eventType', 'currency', 'exerciseDate']);

function sameTime(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined)) return true;
  return typeof a === 'string' && typeof b === 'string' && parseTime(a) === parseTime(b);
}

/** First differing field between an expected record and a computed event, if any. */
export function firstDifference(expected: Record<string, unknown>, actual: ContractEvent): string | undefined {
  if (!sameTime(expected.eventDate, actual.eventDate))
    return `eventDate expected ${String(expected.eventDate)} got ${actual.eventDate}`;
  if (expected.eventType !== actual.eventType)
    return `eventType expected ${String(expected.eventType)} got ${actual.eventType}`;
  if ('exerciseDate' in expected && !sameTime(expected.exerciseDate, actual.exerciseDate)) {
    return `exerciseDate expected ${String(expected.exerciseDate)} got ${String(actual.exerciseDate)}`;
  }
  for (const [field, raw] of Object.entries(expected)) {
    if (NON_NUMERIC.has(field) || raw === null || raw === '') continue;
    const want = Number(raw);
    const got = (actual as unknown as Record<string, unknown>)[field];
    if (!Number.isFinite(want)) continue;
    if (typeof got !== 'number' || !(Math.abs(got - want) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(want)))) {
      return `${field} expected ${want} got ${String(got)}`;
    }
  }
  return undefined;
}

/** Runs one official case through parseTerms and generateEvents and compares the results. */
export function runCase(c: TestCase): CaseOutcome {
  const terms = parseTerms(c.terms);
  if (!terms.ok)
    return { passed: false, reason: `terms rejected: ${terms.error.map((p) => `${p.term} ${p.code}`).join('; ')}` };
  const options = { to: c.to, observations: observationsOf(c), observedEvents: c.eventsObserved };
  const result = generateEvents(terms.value, options);
  if (!result.ok) return { passed: false, reason: `engine error: ${result.error.map((p) => p.message).join('; ')}` };
  const events = result.value;
  const n = Math.min(events.length, c.results.length);
  for (let i = 0; i < n; i++) {
    const diff = firstDifference(c.results[i] as Record<string, unknown>, events[i] as ContractEvent);
    if (diff)
      return {
        passed: false,
        reason: `event ${i} (${String(c.results[i]?.eventDate)} ${String(c.results[i]?.eventType)}): ${diff}`,
      };
  }
  if (events.length !== c.results.length) {
    const extra = events.length > n ? events[n] : undefined;
    const missing = c.results.length > n ? c.results[n] : undefined;
    const detail = extra
      ? `unexpected ${extra.eventDate} ${extra.eventType}`
      : `missing ${String(missing?.eventDate)} ${String(missing?.eventType)}`;
    return {
      passed: false,
      reason: `expected ${c.results.length} events, got ${events.length} (event ${n}: ${detail})`,
    };
  }
  return { passed: true };
}
