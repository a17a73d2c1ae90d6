import type { Time } from '../time/datetime.js';
import { createSchedule } from '../time/schedule.js';
import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, lifecycleModule, type Lifecycle } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import type { ContractState, EngineContext, EngineEvent } from '../engine/types.js';
import {
  anchorOf,
  applyTermination,
  cycleEvents,
  dropAfterMaturity,
  feeEvents,
  initialExchangeEvents,
  maturityEvent,
  purchaseEvents,
  rateResetEvents,
  scalingEvents,
} from './common/schedules.js';
import { applyStandardEvent, NOTIONAL_BASE } from './common/transitions.js';
import { prepaymentEvents } from './common/prepayment.js';

/** IP events over [IPANX, MD]; those up to the capitalization end date become IPCI. */
export function interestEvents(terms: ContractTerms, conv: Conventions, end: Time): EngineEvent[] {
  const ipced = terms.capitalizationEndDate;
  if (terms.nominalInterestRate === undefined) return ipced === undefined ? [] : [conv.event(ipced, 'IPCI')];
  const anchor = anchorOf(
    terms.cycleAnchorDateOfInterestPayment,
    terms.cycleOfInterestPayment,
    terms.initialExchangeDate,
  );
  const events = cycleEvents(conv, terms, anchor, terms.cycleOfInterestPayment, end, 'IP', true);
  if (ipced === undefined) return events;
  const capitalization = conv.event(ipced, 'IPCI');
  const out = events.filter((e) => e.time !== capitalization.time);
  for (const e of out) if (e.time < capitalization.time) e.type = 'IPCI';
  out.push(capitalization);
  return out;
}

/** Interest accrued at the status date for a contract already running (last IP date before SD to SD). */
export function initialAccrual(
  terms: ContractTerms,
  conv: Conventions,
  notional: number,
  rate: number,
  useGiven = true,
): number {
  if (terms.nominalInterestRate === undefined) return 0;
  if (useGiven && terms.accruedInterest !== undefined) return roleSign(terms.contractRole) * terms.accruedInterest;
  const sd = terms.statusDate;
  const ied = terms.initialExchangeDate ?? sd;
  const anchor = anchorOf(terms.cycleAnchorDateOfInterestPayment, terms.cycleOfInterestPayment, ied);
  let last = ied;
  if (anchor !== undefined && terms.maturityDate !== undefined) {
    for (const t of createSchedule(
      anchor,
      terms.maturityDate,
      terms.cycleOfInterestPayment,
      terms.endOfMonthConvention,
      true,
    )) {
      if (t < sd) last = t;
    }
  }
  return conv.yearFraction(conv.bdc.shiftCalc(last), conv.bdc.shiftCalc(sd)) * notional * rate;
}

function schedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] {
  const md = terms.maturityDate as Time;
  const events: EngineEvent[] = initialExchangeEvents(terms, conv);
  const maturity = maturityEvent(terms, conv, md);
  events.push(maturity);
  events.push(...purchaseEvents(terms, conv));
  events.push(...interestEvents(terms, conv, md));
  events.push(...rateResetEvents(terms, conv, md));
  events.push(...feeEvents(terms, conv, md));
  events.push(...scalingEvents(terms, conv, md));
  events.push(...prepaymentEvents(terms, conv, ctx, md));
  return applyTermination(terms, conv, dropAfterMaturity(events, maturity));
}

export function pamInitialState(terms: ContractTerms, conv: Conventions): ContractState {
  const state = emptyState(terms);
  state.notionalScalingMultiplier = terms.notionalScalingMultiplier ?? 1;
  state.interestScalingMultiplier = terms.interestScalingMultiplier ?? 1;
  state.feeAccrued = terms.feeAccrued ?? 0;
  const ied = terms.initialExchangeDate;
  if (ied !== undefined && ied > terms.statusDate) return state;
  state.notionalPrincipal = roleSign(terms.contractRole) * (terms.notionalPrincipal ?? 0);
  state.nominalInterestRate = terms.nominalInterestRate ?? 0;
  state.accruedInterest = initialAccrual(terms, conv, state.notionalPrincipal, state.nominalInterestRate);
  return state;
}

/** Initial exchange: the lender pays the notional net of any premium/discount. */
function initialExchange(t: number, s: ContractState, terms: ContractTerms, conv: Conventions): number {
  const sign = roleSign(terms.contractRole);
  s.notionalPrincipal = sign * (terms.notionalPrincipal ?? 0);
  s.nominalInterestRate = terms.nominalInterestRate ?? 0;
  const ipanx = terms.cycleAnchorDateOfInterestPayment;
  if (terms.accruedInterest !== undefined) s.accruedInterest = sign * terms.accruedInterest;
  else if (ipanx !== undefined && ipanx < t)
    s.accruedInterest = conv.yearFraction(ipanx, t) * s.notionalPrincipal * s.nominalInterestRate;
  s.statusDate = t;
  return -sign * ((terms.notionalPrincipal ?? 0) + (terms.premiumDiscountAtIED ?? 0));
}

/** Payoff and state transition of one PAM event (shared by CLM and UMP). */
export function applyPamEvent(
  e: EngineEvent,
  s: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  ctx: EngineContext,
): number {
  if (e.type === 'IED') return initialExchange(e.calcTime, s, terms, conv);
  return applyStandardEvent(e, s, terms, conv, ctx, NOTIONAL_BASE);
}

const lifecycle: Lifecycle = { schedule, initialState: pamInitialState, apply: applyPamEvent };

/** PAM: principal at maturity (bullet loans and bonds). */
export const pam = lifecycleModule('PAM', lifecycle);
