import type { ContractTerms } from '../terms/types.js';
import type { Time } from '../time/datetime.js';
import { conventionsOf, type Conventions } from './conventions.js';
import { isAfter, isBefore, sortEvents } from './sequence.js';
import type { ContractModule, ContractState, EngineContext, EngineEvent } from './types.js';
import { generalizeNumberFields } from './tagged.js';

/**
 * The standard ACTUS lifecycle split into its three parts. `apply` computes the
 * payoff of one event from the pre-event state and then updates the state in place.
 */
export interface Lifecycle {
  schedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[];
  initialState(terms: ContractTerms, conv: Conventions, ctx: EngineContext): ContractState;
  apply(event: EngineEvent, state: ContractState, terms: ContractTerms, conv: Conventions, ctx: EngineContext): number;
}

export function copyState(event: EngineEvent, s: ContractState): void {
  event.notionalPrincipal = s.notionalPrincipal;
  event.nominalInterestRate = s.nominalInterestRate;
  event.accruedInterest = s.accruedInterest;
  event.feeAccrued = s.feeAccrued;
  event.notionalScalingMultiplier = s.notionalScalingMultiplier;
  event.interestScalingMultiplier = s.interestScalingMultiplier;
  event.nextPrincipalRedemptionPayment = s.nextPrincipalRedemptionPayment;
  event.interestCalculationBaseAmount = s.interestCalculationBaseAmount;
  event.contractPerformance = s.contractPerformance;
  event.exerciseDate = s.exerciseDate;
  event.exerciseAmount = s.exerciseAmount;
  event.notionalPrincipal2 = s.notionalPrincipal2;
  event.nominalInterestRate2 = s.nominalInterestRate2;
  event.accruedInterest2 = s.accruedInterest2;
}

/** A fresh state with neutral values; modules override what their type defines. */
export function emptyState(terms: ContractTerms): ContractState {
  return {
    statusDate: terms.statusDate,
    maturityDate: terms.maturityDate,
    notionalPrincipal: 0,
    nominalInterestRate: 0,
    accruedInterest: 0,
    feeAccrued: 0,
    notionalScalingMultiplier: 1,
    interestScalingMultiplier: 1,
    nextPrincipalRedemptionPayment: 0,
    interestCalculationBaseAmount: 0,
    exerciseDate: undefined,
    exerciseAmount: undefined,
    contractPerformance: terms.contractPerformance ?? 'PF',
    // Present (undefined) in every state so that two-leg types share the one shape.
    notionalPrincipal2: undefined,
    nominalInterestRate2: undefined,
    accruedInterest2: undefined,
  };
}

generalizeNumberFields(emptyState({ statusDate: 0 } as ContractTerms));

/**
 * Whether an event is evaluated: ordered after monitoring (AD) at the status date and not
 * after AD at the horizon (`upTo`, Infinity when none).
 */
export function inWindow(e: EngineEvent, sd: Time, upTo: Time): boolean {
  const t = e.time;
  if (t < sd || t > upTo) return false;
  return !((t === sd || t === upTo) && (isBefore(e, sd, 'AD') || isAfter(e, upTo, 'AD')));
}

/**
 * Runs a lifecycle: schedule, keep events from the status date (after monitoring at
 * SD) up to the horizon, sort by the standard sequence, evaluate in order, and drop
 * events before the purchase date.
 */
export function runLifecycle(lifecycle: Lifecycle, terms: ContractTerms, ctx: EngineContext): EngineEvent[] {
  const conv = conventionsOf(terms);
  const sd = terms.statusDate;
  const to = ctx.to;
  const scheduled = lifecycle.schedule(terms, conv, ctx);
  const events: EngineEvent[] = [];
  // Keep events ordered after monitoring (AD) at the status date and not after AD at the horizon.
  const upTo = to ?? Infinity;
  for (let i = 0; i < scheduled.length; i++) {
    const e = scheduled[i] as EngineEvent;
    if (inWindow(e, sd, upTo)) events.push(e);
  }
  sortEvents(events);
  const state = lifecycle.initialState(terms, conv, ctx);
  for (const e of events) {
    e.payoff = lifecycle.apply(e, state, terms, conv, ctx);
    copyState(e, state);
  }
  const prd = terms.purchaseDate;
  if (prd === undefined) return events;
  // Drop events before the purchase in place (no second array).
  let kept = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as EngineEvent;
    if (e.type === 'AD' || !isBefore(e, prd, 'PRD')) events[kept++] = e;
  }
  // Setting length is a builtin call even when nothing changes (2 % of a commodity's time).
  if (kept !== events.length) events.length = kept;
  return events;
}

/** Wraps a lifecycle as a registrable contract module. */
export function lifecycleModule(contractType: string, lifecycle: Lifecycle): ContractModule {
  return { contractType, evaluate: (terms, ctx) => runLifecycle(lifecycle, terms, ctx) };
}
