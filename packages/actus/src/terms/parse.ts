import { APPLICABILITY, TERM_DEFINITIONS } from './dictionary-data.js';
import { knownCalendars } from '../time/calendar.js';
import {
  EXTRA_APPLICABLE,
  EXTRA_TERMS,
  EXTRA_VALUES,
  RELAXED_MANDATORY,
  REQUIRED_ONLY_WITH,
  TERM_ALIASES,
  UNSUPPORTED_TERMS,
  UNSUPPORTED_VALUES,
  VALUE_ALIASES,
} from './aliases.js';
import { withCanonicalShape } from './shape.js';
import { toArray, toBoolean, toCycle, toPeriod, toReal, toText, toTime, type Converted } from './values.js';
import type { ContractReference, ContractTerms, Result, TermProblem } from './types.js';

const CONVERTERS: Record<string, (raw: unknown) => Converted> = {
  Real: toReal,
  Timestamp: toTime,
  Cycle: toCycle,
  Period: toPeriod,
  Varchar: toText,
  Boolean: toBoolean,
  'Real[]': (raw) => toArray(raw, toReal),
  'Timestamp[]': (raw) => toArray(raw, toTime),
  'Cycle[]': (raw) => toArray(raw, toCycle),
};

function isAbsent(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function allowedValues(term: string): Set<string> | undefined {
  const values = TERM_DEFINITIONS[term]?.values;
  if (!values) return undefined;
  // Calendars registered by the application are valid calendar names too.
  const registered = term === 'calendar' ? knownCalendars() : [];
  return new Set([...values, ...(EXTRA_VALUES[term] ?? []), ...registered]);
}

function toEnumValue(term: string, raw: unknown): Converted {
  const text = toText(raw);
  if (!text.ok) return text;
  const value = String(text.value);
  const canonical = VALUE_ALIASES[term]?.[value.toUpperCase()] ?? value;
  const allowed = allowedValues(term);
  if (allowed && !allowed.has(canonical)) {
    return { ok: false, reason: `must be one of ${[...allowed].join(', ')}` };
  }
  return { ok: true, value: canonical };
}

function convert(term: string, type: string, raw: unknown): Converted {
  if (type === 'Enum') return toEnumValue(term, raw);
  if (type === 'Enum[]') return toArray(raw, (v) => toEnumValue(term, v));
  return (CONVERTERS[type] ?? toText)(raw);
}

/** Deepest composite nesting accepted (a guarantee of a swap of loans is depth 3). */
export const MAX_STRUCTURE_DEPTH = 16;

/** Terms the data dictionary allows only as "Positive" amounts (zero is accepted, a negative value is not). */
const NON_NEGATIVE = new Set([
  'notionalPrincipal',
  'notionalPrincipal2',
  'nextPrincipalRedemptionPayment',
  'interestCalculationBaseAmount',
  'nextDividendPaymentAmount',
  'optionStrike1',
  'optionStrike2',
  'penaltyRate',
  'periodCap',
  'periodFloor',
  'quantity',
]);

function parseStructure(raw: unknown, problems: TermProblem[], depth: number): ContractReference[] | undefined {
  if (!Array.isArray(raw)) {
    problems.push({
      term: 'contractStructure',
      code: 'INVALID_TYPE',
      message: 'contractStructure must be a list of contract references',
    });
    return undefined;
  }
  if (depth >= MAX_STRUCTURE_DEPTH) {
    problems.push({
      term: 'contractStructure',
      code: 'NESTING_TOO_DEEP',
      message: `contractStructure is nested more than ${MAX_STRUCTURE_DEPTH} levels deep`,
    });
    return undefined;
  }
  return raw.map((entry: Record<string, unknown>, i) => {
    const object = (typeof entry?.object === 'object' && entry.object !== null ? entry.object : {}) as Record<
      string,
      unknown
    >;
    const base = {
      referenceType: String(entry?.referenceType ?? ''),
      referenceRole: String(entry?.referenceRole ?? ''),
    };
    if (object.contractType === undefined) return { ...base, object: object as ContractReference['object'] };
    const child = parseTermsInternal(object, true, depth + 1);
    if (!child.ok) {
      for (const p of child.error) problems.push({ ...p, term: `contractStructure[${i}].${p.term}` });
      return { ...base, object: {} as ContractTerms };
    }
    return { ...base, object: child.value };
  });
}

function checkMandatory(
  type: string,
  terms: Record<string, unknown>,
  given: Set<string>,
  isChild: boolean,
  problems: TermProblem[],
): void {
  // A term given with a wrong value is reported as such, not also as missing.
  const present = given;
  const rules = APPLICABILITY[type] ?? {};
  const relaxed = new Set([...(RELAXED_MANDATORY['*'] ?? []), ...(RELAXED_MANDATORY[type] ?? [])]);
  if (isChild) relaxed.add('contractRole');
  // A rate-reset array whose segments are all fixed observes no market rate.
  const segments = terms.arrayFixedVariable as string[] | undefined;
  if (segments && !segments.includes('V')) relaxed.add('marketObjectCodeOfRateReset');
  for (const [term, triggers] of Object.entries(REQUIRED_ONLY_WITH)) {
    if (!triggers.some((t) => present.has(t))) relaxed.add(term);
  }
  const activeGroups = new Set<string>();
  for (const [term, rule] of Object.entries(rules)) {
    const m = /^(?:NN|x)\((\d+),0,/.exec(rule);
    if (m && present.has(term)) activeGroups.add(m[1] as string);
  }
  for (const [term, rule] of Object.entries(rules)) {
    if (present.has(term) || relaxed.has(term) || TERM_DEFINITIONS[term]?.default !== undefined) continue;
    const conditional = /^NN\((\d+),1,/.exec(rule);
    const required =
      /^NN(\(,,\d*\))?$/.test(rule) || (conditional !== null && activeGroups.has(conditional[1] as string));
    if (!required) continue;
    const why = conditional
      ? ` when ${[...Object.keys(rules)].filter((t) => present.has(t) && (rules[t] ?? '').includes(`(${conditional[1]},0,`)).join(', ')} is set`
      : '';
    problems.push({ term, code: 'MISSING_TERM', message: `${term} is required for ${type}${why}` });
  }
}

/** Dates that must come in order: maturity after the initial exchange and not before the status date. */
function checkDates(terms: Record<string, unknown>, problems: TermProblem[]): void {
  const md = terms.maturityDate as number | undefined;
  const ied = terms.initialExchangeDate as number | undefined;
  const sd = terms.statusDate as number | undefined;
  if (md === undefined) return;
  if (ied !== undefined && md < ied)
    problems.push({
      term: 'maturityDate',
      code: 'INVALID_VALUE',
      message: 'maturityDate must not be before initialExchangeDate',
    });
  if (sd !== undefined && md < sd)
    problems.push({
      term: 'maturityDate',
      code: 'INVALID_VALUE',
      message: 'maturityDate must not be before statusDate',
    });
}

function parseTermsInternal(
  raw: Record<string, unknown>,
  isChild: boolean,
  depth: number,
): Result<ContractTerms, TermProblem[]> {
  const problems: TermProblem[] = [];
  const terms: Record<string, unknown> = {};
  const type = typeof raw.contractType === 'string' ? raw.contractType.trim() : undefined;
  const rules = type === undefined ? undefined : APPLICABILITY[type];
  if (type === undefined)
    problems.push({ term: 'contractType', code: 'MISSING_TERM', message: 'contractType is required' });
  else if (!rules)
    problems.push({ term: 'contractType', code: 'INVALID_VALUE', message: `Unknown contract type ${type}` });
  const given = new Set<string>();
  for (const [key, value] of Object.entries(raw)) {
    if (isAbsent(value)) continue;
    const term = TERM_ALIASES[key] ?? key;
    given.add(term);
    const extra = EXTRA_TERMS[term];
    const definition = TERM_DEFINITIONS[term] ?? extra;
    if (!definition) {
      problems.push({ term: key, code: 'UNKNOWN_TERM', message: `${key} is not an ACTUS term` });
      continue;
    }
    if (rules && type !== undefined) {
      const applicable =
        term in rules || (EXTRA_APPLICABLE[type] ?? []).includes(term) || (extra?.applicableTo.includes(type) ?? false);
      if (!applicable) {
        problems.push({ term: key, code: 'NOT_APPLICABLE', message: `${key} does not apply to contract type ${type}` });
        continue;
      }
    }
    if (term === 'contractStructure') {
      terms[term] = parseStructure(value, problems, depth);
      continue;
    }
    const converted = convert(term, definition.type, value);
    if (!converted.ok) {
      problems.push({ term: key, code: 'INVALID_TYPE', message: `${key} ${converted.reason}` });
      continue;
    }
    const unsupported = UNSUPPORTED_TERMS[term] ?? UNSUPPORTED_VALUES[term]?.[String(converted.value)];
    if (unsupported !== undefined) {
      problems.push({ term: key, code: 'UNSUPPORTED', message: `${key}: ${unsupported}` });
      continue;
    }
    if (NON_NEGATIVE.has(term) && (converted.value as number) < 0) {
      problems.push({ term: key, code: 'INVALID_VALUE', message: `${key} must not be negative` });
      continue;
    }
    terms[term] = converted.value;
  }
  checkDates(terms, problems);
  if (rules && type !== undefined) checkMandatory(type, terms, given, isChild, problems);
  if (problems.length > 0) return { ok: false, error: problems };
  return { ok: true, value: withCanonicalShape(terms) as unknown as ContractTerms };
}

/**
 * Parses and validates raw ACTUS terms (string values as in the official test files,
 * trimmed; numbers accepted). Reports every problem at once: unknown terms, values of
 * the wrong type, missing mandatory terms, terms not applicable to the contract type and
 * terms or values the engine does not model (`UNSUPPORTED`, see `aliases.ts`).
 */
export function parseTerms(raw: Record<string, unknown>): Result<ContractTerms, TermProblem[]> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return {
      ok: false,
      error: [{ term: 'contractType', code: 'INVALID_TYPE', message: 'terms must be an object of ACTUS terms' }],
    };
  try {
    return parseTermsInternal(raw, false, 0);
  } catch (error) {
    // Only hostile input reaches here (e.g. a getter that throws): still a Result.
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: [{ term: 'contractType', code: 'INVALID_TYPE', message: `terms unreadable: ${message}` }],
    };
  }
}
