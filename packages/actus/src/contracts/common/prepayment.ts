import type { Time } from '../../time/datetime.js';
import { createSchedule } from '../../time/schedule.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import { newEvent, type ContractState, type EngineContext, type EngineEvent } from '../../engine/types.js';
import { accrueTo } from './interest.js';

/** True when the penalty type charges a penalty (N and the dictionary default O do not). */
function withPenalty(terms: ContractTerms): boolean {
  const type = terms.penaltyType;
  return type === 'A' || type === 'R' || type === 'I';
}

/** Observed prepayment amount (unsigned principal) for this contract at t, 0 when none. */
function observedAmount(terms: ContractTerms, ctx: EngineContext, t: Time): number {
  let amount = 0;
  for (const o of ctx.observedEvents) {
    if (o.type === 'PP' && o.time === t && (o.contractId === '' || o.contractId === terms.contractID))
      amount += o.value;
  }
  return amount;
}

/**
 * Prepayment (PP) events when the contract grants the right (prepaymentEffect A or M):
 * the optionality schedule [OPANX, OPXED or MD] (OPANX alone = one date) plus every
 * observed PP event; each PP carries the observed principal prepaid (0 when the option
 * was not used). A penalty (PY) precedes each PP on the same date when penaltyType is
 * A, R or I, so it is computed on the notional before the prepayment.
 */
export function prepaymentEvents(terms: ContractTerms, conv: Conventions, ctx: EngineContext, md: Time): EngineEvent[] {
  const effect = terms.prepaymentEffect;
  if (effect === undefined || effect === 'N') return [];
  const end = Math.min(terms.optionExerciseEndDate ?? md, md);
  const times = new Set<Time>();
  const anchor = terms.cycleAnchorDateOfOptionality;
  if (anchor !== undefined)
    for (const t of createSchedule(anchor, end, terms.cycleOfOptionality, terms.endOfMonthConvention, false))
      times.add(t);
  for (const o of ctx.observedEvents) {
    if (o.type === 'PP' && o.time <= md && (o.contractId === '' || o.contractId === terms.contractID))
      times.add(o.time);
  }
  const events: EngineEvent[] = [];
  const currency = terms.currency ?? '';
  for (const t of times) {
    if (withPenalty(terms)) {
      // PP and PY share a rank in the standard sequence; the penalty must see the notional before prepayment.
      const py = newEvent(t, t, 'PY', currency);
      py.sequence = -1;
      events.push(py);
    }
    const pp = newEvent(t, t, 'PP', currency);
    pp.value = observedAmount(terms, ctx, t);
    events.push(pp);
  }
  return events;
}

/**
 * PY payoff (then accrue to t): A = R x PYRT; R = Y(Sd,t) x PYRT x Nt; I = Y(Sd,t) x Nt
 * x max(0, Ipnr - market rate under RRMO at t). Nt is signed, so R is already in it.
 */
export function penaltyPayoff(
  e: EngineEvent,
  s: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  ctx: EngineContext,
  sign: number,
  base: number,
): number {
  const t = e.calcTime;
  const rate = terms.penaltyRate ?? 0;
  let payoff = 0;
  if (terms.penaltyType === 'A') payoff = sign * rate;
  else if (terms.penaltyType === 'R') payoff = conv.yearFraction(s.statusDate, t) * rate * s.notionalPrincipal;
  else if (terms.penaltyType === 'I') {
    const market = ctx.observe(terms.marketObjectCodeOfRateReset ?? '', e.scheduleTime);
    payoff = conv.yearFraction(s.statusDate, t) * s.notionalPrincipal * Math.max(0, s.nominalInterestRate - market);
  }
  accrueTo(s, terms, conv, t, base);
  return payoff;
}

/** PP: accrue to t, then the prepaid principal (never more than outstanding) leaves the notional. */
export function prepay(
  e: EngineEvent,
  s: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  sign: number,
  base: number,
): number {
  accrueTo(s, terms, conv, e.calcTime, base);
  const amount = sign * Math.min(Math.abs(e.value ?? 0), Math.abs(s.notionalPrincipal));
  s.notionalPrincipal -= amount;
  return s.notionalScalingMultiplier * amount;
}
