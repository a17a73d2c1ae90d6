import type { ContractTerms } from '../terms/types.js';
import { calendarOf, type Conventions } from '../engine/conventions.js';
import { emptyState, inWindow, type Lifecycle } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import type { ContractModule, EngineContext, EngineEvent } from '../engine/types.js';
import { applyTermination, purchaseEvents, tradeDateEvent } from './common/schedules.js';

function schedule(terms: ContractTerms, conv: Conventions): EngineEvent[] {
  return applyTermination(terms, conv, purchaseEvents(terms, conv));
}

function payoff(e: EngineEvent, terms: ContractTerms): number {
  const sign = roleSign(terms.contractRole);
  const quantity = terms.quantity ?? 1;
  if (e.type === 'PRD') return -sign * (terms.priceAtPurchaseDate ?? 0) * quantity;
  if (e.type === 'TD') return sign * (terms.priceAtTerminationDate ?? 0) * quantity;
  return 0;
}

/**
 * COM as a standard lifecycle (schedule, state, apply): the definition. The module below
 * evaluates the same thing directly, and a property test holds the two equal.
 */
export const comLifecycle: Lifecycle = {
  schedule,
  initialState: (terms) => emptyState(terms),
  apply: (e, _s, terms) => payoff(e, terms),
};

/**
 * The lifecycle above without its machinery, for a contract of at most two events: no
 * conventions object (nothing is shifted: PRD and TD stay on their stated dates), no
 * schedule arrays, no sort (PRD ranks before TD at equal times), no state object (the
 * state never changes). A commodity is all fixed cost per call, which this removes.
 */
function evaluate(terms: ContractTerms, ctx: EngineContext): EngineEvent[] {
  calendarOf(terms);
  const prd = terms.purchaseDate;
  const td = terms.terminationDate;
  const sd = terms.statusDate;
  const upTo = ctx.to ?? Infinity;
  const performance = terms.contractPerformance ?? 'PF';
  const events: EngineEvent[] = [];
  // A purchase after the termination is dropped by the termination; a termination before
  // the purchase by the purchase (events before PRD are not the holder's).
  if (prd !== undefined && (td === undefined || prd <= td)) {
    const e = tradeDateEvent(terms, prd, 'PRD');
    if (inWindow(e, sd, upTo)) {
      e.payoff = payoff(e, terms);
      e.contractPerformance = performance;
      events.push(e);
    }
  }
  if (td !== undefined && (prd === undefined || td >= prd)) {
    const e = tradeDateEvent(terms, td, 'TD');
    if (inWindow(e, sd, upTo)) {
      e.payoff = payoff(e, terms);
      e.contractPerformance = performance;
      events.push(e);
    }
  }
  return events;
}

/** COM: a commodity position of `quantity` units, bought at PRD and sold at TD. */
export const com: ContractModule = { contractType: 'COM', evaluate };
