import type { Time } from '../time/datetime.js';
import { addPeriod } from '../time/cycle.js';
import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, runLifecycle, type Lifecycle } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import {
  EngineError,
  type ContractModule,
  type ContractState,
  type EngineContext,
  type EngineEvent,
} from '../engine/types.js';
import { applyTermination, purchaseEvents } from './common/schedules.js';
import { exerciseTime } from './optns-exercise.js';

/** Market object code whose price the option or future is written on. */
export function underlyingCode(terms: ContractTerms): string {
  for (const ref of terms.contractStructure ?? []) {
    if (ref.referenceRole !== 'UDL') continue;
    const object = ref.object as { marketObjectCode?: unknown };
    if (typeof object.marketObjectCode === 'string') return object.marketObjectCode;
  }
  throw new EngineError(
    'contractStructure',
    'MISSING_UNDERLYING',
    'An underlying (UDL) with a market object code is required',
  );
}

/** Exercise value per unit at an underlying price (calls, puts and collars; see FUTUR for futures). */
export function optionValue(terms: ContractTerms, price: number): number {
  const strike1 = terms.optionStrike1 ?? 0;
  const call = Math.max(price - strike1, 0);
  const put = Math.max(strike1 - price, 0);
  if (terms.optionType === 'P') return put;
  if (terms.optionType === 'CP') return call + Math.max((terms.optionStrike2 ?? strike1) - price, 0);
  return call;
}

/**
 * An event at its schedule time, not moved by the business-day convention (exercise
 * and maturity of derivatives happen on the stated date). Built whole by `newEvent`
 * rather than shifted and then moved back: rewriting the times of a built event cost
 * OPTNS a quarter of its time.
 */
export function unshiftedEvent(conv: Conventions, t: Time, type: string): EngineEvent {
  return conv.unshifted(t, type);
}

function schedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] {
  const events = purchaseEvents(terms, conv);
  const xd = exerciseTime(terms, ctx);
  events.push(unshiftedEvent(conv, xd, 'XD'));
  const settlement = terms.settlementPeriod ? addPeriod(xd, terms.settlementPeriod) : xd;
  events.push(conv.event(settlement, 'STD'));
  events.push(unshiftedEvent(conv, terms.maturityDate as Time, 'MD'));
  return applyTermination(terms, conv, events);
}

function initialState(terms: ContractTerms): ContractState {
  const state = emptyState(terms);
  state.exerciseAmount = terms.exerciseAmount ?? 0;
  state.exerciseDate = terms.exerciseDate;
  return state;
}

/**
 * The exercise lifecycle shared by options and futures: XD fixes the exercise amount
 * from the underlying price, STD pays it with the role sign.
 */
export function exerciseLifecycle(value: (terms: ContractTerms, price: number) => number): Lifecycle {
  const apply = (
    e: EngineEvent,
    s: ContractState,
    terms: ContractTerms,
    _conv: Conventions,
    ctx: EngineContext,
  ): number => {
    const sign = roleSign(terms.contractRole);
    s.statusDate = e.calcTime;
    switch (e.type) {
      case 'PRD':
        return -sign * (terms.priceAtPurchaseDate ?? 0);
      case 'XD':
        s.exerciseAmount = value(terms, ctx.observe(underlyingCode(terms), e.calcTime));
        s.exerciseDate = e.calcTime;
        return 0;
      case 'STD': {
        const payoff = sign * (s.exerciseAmount ?? 0);
        s.exerciseAmount = 0;
        return payoff;
      }
      case 'TD':
        // As for the other derivatives, the reference pays the termination price unsigned.
        return terms.priceAtTerminationDate ?? 0;
      default:
        return 0;
    }
  };
  return { schedule, initialState, apply };
}

/**
 * Maturity and an exercise at the same time happen together: MD (ordered before XD)
 * reports the exercise date when the exercise settles a non-zero amount, as the
 * reference implementation does. An option's amount is never negative; a future's is
 * whenever the price ends below the futures price, and it settles just the same.
 */
function stampExerciseAtMaturity(events: EngineEvent[]): EngineEvent[] {
  for (let i = 0; i < events.length; i++) {
    const md = events[i] as EngineEvent;
    if (md.type !== 'MD') continue;
    for (let j = 0; j < events.length; j++) {
      const xd = events[j] as EngineEvent;
      if (xd.type !== 'XD' || xd.time !== md.time) continue;
      if ((xd.exerciseAmount ?? 0) !== 0) md.exerciseDate = xd.exerciseDate;
      break;
    }
  }
  return events;
}

/** A cash-settled exercise contract type valued by `value` at the exercise date. */
export function exerciseModule(
  contractType: string,
  value: (terms: ContractTerms, price: number) => number,
): ContractModule {
  const lifecycle = exerciseLifecycle(value);
  return { contractType, evaluate: (terms, ctx) => stampExerciseAtMaturity(runLifecycle(lifecycle, terms, ctx)) };
}

/** OPTNS: call, put or collar option, settled in cash on its underlying's price. */
export const optns = exerciseModule('OPTNS', optionValue);
