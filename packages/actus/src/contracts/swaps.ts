import type { ContractReference, ContractTerms } from '../terms/types.js';
import { compareEvents, isAfter, isBefore, sortEvents } from '../engine/sequence.js';
import { EngineError, newEvent, type ContractModule, type EngineContext, type EngineEvent } from '../engine/types.js';
import { netLegs } from './swaps-netting.js';

/** Leg roles implied by the swap's role: receiving the first leg means holding it. */
const LEG_ROLES: Readonly<Record<string, { FIL: string; SEL: string }>> = {
  RFL: { FIL: 'RPA', SEL: 'RPL' },
  PFL: { FIL: 'RPL', SEL: 'RPA' },
};

/** Leg terms with the derived role, built once per parsed swap (terms are immutable). */
const legCache = new WeakMap<ContractTerms, { FIL: ContractTerms; SEL: ContractTerms }>();

function buildLeg(terms: ContractTerms, role: 'FIL' | 'SEL'): ContractTerms {
  const ref = (terms.contractStructure ?? []).find((r: ContractReference) => r.referenceRole === role);
  const object = ref?.object as ContractTerms | undefined;
  if (object?.contractType === undefined) {
    throw new EngineError('contractStructure', 'MISSING_LEG', `A swap needs a ${role} leg given with its full terms`);
  }
  const roles = LEG_ROLES[terms.contractRole] ?? (LEG_ROLES.RFL as { FIL: string; SEL: string });
  return { ...object, contractRole: roles[role] };
}

function legTerms(terms: ContractTerms, role: 'FIL' | 'SEL'): ContractTerms {
  let legs = legCache.get(terms);
  if (!legs) {
    legs = { FIL: buildLeg(terms, 'FIL'), SEL: buildLeg(terms, 'SEL') };
    legCache.set(terms, legs);
  }
  return legs[role];
}

/** Merges two sorted event lists; on equal order the first list's event comes first. */
function mergeSorted(a: EngineEvent[], b: EngineEvent[]): EngineEvent[] {
  const out: EngineEvent[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    out[k++] =
      compareEvents(b[j] as EngineEvent, a[i] as EngineEvent) < 0 ? (b[j++] as EngineEvent) : (a[i++] as EngineEvent);
  }
  while (i < a.length) out[k++] = a[i++] as EngineEvent;
  while (j < b.length) out[k++] = b[j++] as EngineEvent;
  return out;
}

function evaluateLeg(terms: ContractTerms, role: 'FIL' | 'SEL', ctx: EngineContext): EngineEvent[] {
  const leg = legTerms(terms, role);
  const events = ctx.evaluate(leg);
  for (const e of events) e.contractId = leg.contractID;
  return events;
}

/** A swap-level event (PRD, TD): a price paid or received, with no position state. */
function parentEvent(terms: ContractTerms, t: number, type: string, price: number | undefined): EngineEvent {
  // The reference implementation applies no role sign to these prices.
  const payoff = price ?? 0;
  const e = newEvent(t, t, type, terms.currency ?? '');
  e.payoff = payoff;
  e.contractId = terms.contractID;
  return e;
}

/**
 * SWAPS: the legs are evaluated as contracts of their own; the swap reports both
 * legs' events (delivery) or nets congruent payments (cash settlement), and adds its
 * own purchase and termination.
 */
function evaluate(terms: ContractTerms, ctx: EngineContext): EngineEvent[] {
  const first = evaluateLeg(terms, 'FIL', ctx);
  const second = evaluateLeg(terms, 'SEL', ctx);
  // Legs come sorted from the engine: merging keeps the order without a full sort.
  let events =
    terms.deliverySettlement === 'S'
      ? sortEvents(netLegs(first, second, terms.contractID))
      : mergeSorted(first, second);
  const sd = terms.statusDate;
  const to = ctx.to;
  events = events.filter((e) => !isBefore(e, sd, 'AD') && (to === undefined || !isAfter(e, to, 'AD')));
  const prd = terms.purchaseDate;
  const td = terms.terminationDate;
  if (prd === undefined && td === undefined) return events;
  const own: EngineEvent[] = [];
  if (prd !== undefined) own.push(parentEvent(terms, prd, 'PRD', terms.priceAtPurchaseDate));
  if (td !== undefined) {
    events = events.filter((e) => !isAfter(e, td, 'TD'));
    own.push(parentEvent(terms, td, 'TD', terms.priceAtTerminationDate));
  }
  const withOwn = own.filter((e) => !isBefore(e, sd, 'AD') && (to === undefined || !isAfter(e, to, 'AD')));
  events = mergeSorted(sortEvents(withOwn), events);
  return prd === undefined ? events : events.filter((e) => !isBefore(e, prd, 'PRD'));
}

export const swaps: ContractModule = { contractType: 'SWAPS', evaluate };
