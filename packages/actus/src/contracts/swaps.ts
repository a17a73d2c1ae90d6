import type { ContractReference, ContractTerms } from '../terms/types.js';
import { isAfter, isBefore, sortEvents } from '../engine/sequence.js';
import { EngineError, type ContractModule, type EngineContext, type EngineEvent } from '../engine/types.js';
import { netLegs } from './swaps-netting.js';

/** Leg roles implied by the swap's role: receiving the first leg means holding it. */
const LEG_ROLES: Readonly<Record<string, { FIL: string; SEL: string }>> = {
  RFL: { FIL: 'RPA', SEL: 'RPL' },
  PFL: { FIL: 'RPL', SEL: 'RPA' },
};

function legTerms(terms: ContractTerms, role: 'FIL' | 'SEL'): ContractTerms {
  const ref = (terms.contractStructure ?? []).find((r: ContractReference) => r.referenceRole === role);
  const object = ref?.object as ContractTerms | undefined;
  if (object?.contractType === undefined) {
    throw new EngineError('contractStructure', 'MISSING_LEG', `A swap needs a ${role} leg given with its full terms`);
  }
  const roles = LEG_ROLES[terms.contractRole] ?? (LEG_ROLES.RFL as { FIL: string; SEL: string });
  return { ...object, contractRole: roles[role] };
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
  return { time: t, calcTime: t, type, payoff, currency: terms.currency ?? '', contractId: terms.contractID, notionalPrincipal: 0, nominalInterestRate: 0, accruedInterest: 0 };
}

/**
 * SWAPS: the legs are evaluated as contracts of their own; the swap reports both
 * legs' events (delivery) or nets congruent payments (cash settlement), and adds its
 * own purchase and termination.
 */
function evaluate(terms: ContractTerms, ctx: EngineContext): EngineEvent[] {
  const first = evaluateLeg(terms, 'FIL', ctx);
  const second = evaluateLeg(terms, 'SEL', ctx);
  let events: EngineEvent[] = [];
  if (terms.purchaseDate !== undefined) events.push(parentEvent(terms, terms.purchaseDate, 'PRD', terms.priceAtPurchaseDate));
  events.push(...(terms.deliverySettlement === 'S' ? netLegs(first, second, terms.contractID) : [...first, ...second]));
  if (terms.terminationDate !== undefined) {
    const td = parentEvent(terms, terms.terminationDate, 'TD', terms.priceAtTerminationDate);
    events = events.filter((e) => !isAfter(e, td.time, 'TD'));
    events.push(td);
  }
  const sd = terms.statusDate;
  const to = ctx.to;
  events = events.filter((e) => !isBefore(e, sd, 'AD') && (to === undefined || !isAfter(e, to, 'AD')));
  sortEvents(events);
  const prd = terms.purchaseDate;
  return prd === undefined ? events : events.filter((e) => !isBefore(e, prd, 'PRD'));
}

export const swaps: ContractModule = { contractType: 'SWAPS', evaluate };
