import type { Time } from '../../time/datetime.js';
import { addPeriod } from '../../time/cycle.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import { emptyState } from '../../engine/lifecycle.js';
import { roleSign } from '../../engine/role.js';
import {
  EngineError,
  newEvent,
  type ContractState,
  type EngineContext,
  type EngineEvent,
  type ObservedEvent,
} from '../../engine/types.js';
import { applyPamEvent } from '../pam.js';
import { applyTermination, cycleEvents, feeEvents, rateResetEvents } from './schedules.js';

const SETTLEMENT_SEQUENCE = 165;

/** The observed exercise (XD) of the contract. A loop, not `find` with a closure: it runs per event. */
export function exerciseOf(terms: ContractTerms, ctx: EngineContext): Time | undefined {
  const observed = ctx.observedEvents;
  for (let i = 0; i < observed.length; i++) {
    const e = observed[i] as ObservedEvent;
    if (e.type === 'XD' && (e.contractId === '' || e.contractId === terms.contractID)) return e.time;
  }
  return undefined;
}

/**
 * Shared machinery of contracts without a fixed maturity (CLM, UMP): interest is
 * capitalized on its cycle, the contract ends at MD if set, else at the settlement of
 * an observed exercise (XD + xDayNotice), else the horizon bounds the schedule.
 */
export function openEndedSchedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] {
  const exercise = exerciseOf(terms, ctx);
  const end = terms.maturityDate ?? exercise ?? ctx.to;
  if (end === undefined)
    throw new EngineError(
      'maturityDate',
      'MISSING_TERM',
      `${terms.contractType} without maturity or exercise needs an evaluation horizon (to)`,
    );
  const events: EngineEvent[] = [];
  const ied = terms.initialExchangeDate;
  if (ied !== undefined) events.push(conv.fixed(ied, 'IED'));
  const currency = terms.currency ?? '';
  const unshifted = (t: Time, type: string, sequence?: number): EngineEvent => {
    const e = newEvent(t, conv.bdc.shiftCalc(t), type, currency);
    e.sequence = sequence;
    return e;
  };
  if (terms.maturityDate !== undefined) {
    // A call contract is repaid on the agreed day itself (accruing per the convention's calculation date).
    events.push(unshifted(terms.maturityDate, 'IP'), unshifted(terms.maturityDate, 'MD'));
  } else if (exercise !== undefined) {
    const settlement = terms.xDayNotice ? addPeriod(exercise, terms.xDayNotice) : exercise;
    // Settlement follows the exercise even when the notice period is zero.
    events.push(
      unshifted(exercise, 'XD'),
      unshifted(settlement, 'IP', SETTLEMENT_SEQUENCE),
      unshifted(settlement, 'STD', SETTLEMENT_SEQUENCE + 1),
    );
  }
  const cycle = terms.cycleOfInterestPayment;
  if (cycle !== undefined || terms.cycleAnchorDateOfInterestPayment !== undefined) {
    // Without an anchor the capitalization cycle starts at IED (reference default).
    const anchor = terms.cycleAnchorDateOfInterestPayment ?? ied ?? terms.statusDate;
    events.push(...cycleEvents(conv, terms, anchor, cycle, end, 'IPCI', false));
  }
  events.push(...unscheduledPrincipal(terms, ctx, currency, end));
  events.push(...rateResetEvents(terms, conv, end));
  events.push(...feeEvents(terms, conv, end).filter((e) => e.time < end));
  return applyTermination(terms, conv, events);
}

/** Observed unscheduled principal changes: PR repays, PI draws down `value` (undefined maturity contracts). */
function unscheduledPrincipal(terms: ContractTerms, ctx: EngineContext, currency: string, end: Time): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (const o of ctx.observedEvents) {
    if (
      (o.type !== 'PR' && o.type !== 'PI') ||
      (o.contractId !== '' && o.contractId !== terms.contractID) ||
      o.time > end
    )
      continue;
    const e = newEvent(o.time, o.time, o.type, currency);
    e.value = o.value;
    events.push(e);
  }
  return events;
}

export function openEndedInitialState(terms: ContractTerms): ContractState {
  const s = emptyState(terms);
  const ied = terms.initialExchangeDate;
  if (ied !== undefined && ied > terms.statusDate) return s;
  const sign = roleSign(terms.contractRole);
  s.notionalPrincipal = sign * (terms.notionalPrincipal ?? 0);
  s.nominalInterestRate = terms.nominalInterestRate ?? 0;
  s.accruedInterest = sign * (terms.accruedInterest ?? 0);
  return s;
}

/** PAM transitions plus exercise: XD fixes the accrued interest, IP and STD settle after the notice. */
export function applyOpenEndedEvent(
  e: EngineEvent,
  s: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  ctx: EngineContext,
): number {
  const exercised = exerciseOf(terms, ctx);
  if (e.type === 'PR' || e.type === 'PI') {
    const sign = roleSign(terms.contractRole);
    const amount = sign * (e.value ?? 0);
    s.accruedInterest += conv.yearFraction(s.statusDate, e.calcTime) * s.nominalInterestRate * s.notionalPrincipal;
    s.statusDate = e.calcTime;
    s.notionalPrincipal += e.type === 'PI' ? amount : -amount;
    return e.type === 'PI' ? -amount : amount;
  }
  if (e.type === 'XD') {
    s.accruedInterest += conv.yearFraction(s.statusDate, e.calcTime) * s.nominalInterestRate * s.notionalPrincipal;
    s.statusDate = e.calcTime;
    return 0;
  }
  if (exercised !== undefined && terms.maturityDate === undefined && (e.type === 'IP' || e.type === 'STD')) {
    // After the exercise notice the amount due is fixed: no further accrual.
    if (e.type === 'IP') {
      const payoff = s.interestScalingMultiplier * s.accruedInterest;
      s.accruedInterest = 0;
      return payoff;
    }
    const payoff = s.notionalScalingMultiplier * s.notionalPrincipal;
    s.notionalPrincipal = 0;
    s.accruedInterest = 0;
    s.statusDate = e.calcTime;
    return payoff;
  }
  return applyPamEvent(e, s, terms, conv, ctx);
}
