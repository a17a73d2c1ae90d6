import type { Time } from '../time/datetime.js';
import type { ContractTerms } from '../terms/types.js';
import { chargeEvent } from './budget.js';
import { sequenceOf } from './sequence.js';
import { generalizeNumberFields } from './tagged.js';

/** ACTUS contract state variables (data dictionary "states"). */
export interface ContractState {
  statusDate: Time;
  maturityDate: Time | undefined;
  notionalPrincipal: number;
  nominalInterestRate: number;
  accruedInterest: number;
  feeAccrued: number;
  notionalScalingMultiplier: number;
  interestScalingMultiplier: number;
  nextPrincipalRedemptionPayment: number;
  interestCalculationBaseAmount: number;
  exerciseDate: Time | undefined;
  exerciseAmount: number | undefined;
  contractPerformance: string;
  /** Second-leg states of two-leg contracts (FXOUT, SWPPV). */
  notionalPrincipal2?: number;
  nominalInterestRate2?: number;
  accruedInterest2?: number;
}

/** The state fields copied into every evaluated event. */
export type StateSnapshot = Omit<ContractState, 'statusDate' | 'maturityDate'>;

/**
 * One event inside the engine. `time` is the (business-day shifted) event date used
 * for ordering and output; `calcTime` is the schedule time used for payoff and
 * accrual computations (shifted only under the SC* conventions).
 */
export interface EngineEvent extends Partial<StateSnapshot> {
  time: Time;
  calcTime: Time;
  /**
   * The unadjusted (contractual) schedule date. Market observations (rate resets, scaling
   * index, dividends, penalty market rate) are read at this date, as the reference does;
   * accruals use `calcTime`.
   */
  scheduleTime: Time;
  type: string;
  payoff: number;
  currency: string;
  contractId?: string;
  /** A schedule-time parameter of the event (e.g. an LAX segment's redemption amount or rate). */
  value?: number;
  /** Overrides the type's standard sequence at equal times (e.g. settlement after an exercise). */
  sequence?: number;
}

/** An observed (non-scheduled) event such as a credit event or an exercise. */
export interface ObservedEvent {
  time: Time;
  type: string;
  value: number;
  contractId: string;
  states: Record<string, unknown>;
}

/** What a contract module can ask the engine while evaluating. */
export interface EngineContext {
  /** Evaluation horizon: events after it are dropped (undefined = to the end). */
  readonly to: Time | undefined;
  /** Risk-factor value of a market object code at a time (throws EngineError if unobserved). */
  observe(marketObjectCode: string, time: Time): number;
  /** True when any observation exists for the market object code. */
  hasObservations(marketObjectCode: string): boolean;
  /** Observed events as given by the caller (credit events, exercises, ...). */
  readonly observedEvents: readonly ObservedEvent[];
  /** Evaluates a child contract through the same engine (same observations and events). */
  evaluate(terms: ContractTerms, to?: Time): EngineEvent[];
}

/** A contract type implementation registered in `contracts/index.ts`. */
export interface ContractModule {
  readonly contractType: string;
  /** All events from the status date on, sorted, with payoffs and post-event states. */
  evaluate(terms: ContractTerms, ctx: EngineContext): EngineEvent[];
}

export { EngineError } from './errors.js';

/**
 * A scheduled event with every field present from the start, so all events share one
 * object shape (state fields are filled in after evaluation). Every module builds its
 * events here, so the shared sorting, checking and output code sees one hidden class.
 */
export function newEvent(
  time: Time,
  calcTime: Time,
  type: string,
  currency: string,
  scheduleTime: Time = calcTime,
): EngineEvent {
  chargeEvent();
  return {
    time,
    calcTime,
    scheduleTime,
    type,
    payoff: 0,
    currency,
    notionalPrincipal: 0,
    nominalInterestRate: 0,
    accruedInterest: 0,
    feeAccrued: 0,
    notionalScalingMultiplier: 1,
    interestScalingMultiplier: 1,
    nextPrincipalRedemptionPayment: 0,
    interestCalculationBaseAmount: 0,
    contractPerformance: 'PF',
    exerciseDate: undefined,
    exerciseAmount: undefined,
    notionalPrincipal2: undefined,
    nominalInterestRate2: undefined,
    accruedInterest2: undefined,
    contractId: undefined,
    value: undefined,
    // The type's rank, computed once instead of at every comparison while sorting (a later
    // retyping keeps the rank: RR -> RRF and IP -> IPCI rank alike).
    sequence: sequenceOf(type),
  };
}

// One event built at load time (charged to no call's budget: each public call starts a fresh one).
generalizeNumberFields(newEvent(0, 0, 'AD', ''));
