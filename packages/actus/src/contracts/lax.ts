import type { Time } from '../time/datetime.js';
import { addPeriod } from '../time/cycle.js';
import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, lifecycleModule } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import { chargeSchedule } from '../engine/budget.js';
import { EngineError, type ContractState, type EngineContext, type EngineEvent } from '../engine/types.js';
import { amortizerLifecycle } from './common/amortizer.js';
import { accrueTo } from './common/interest.js';
import { segmentDates, segmentsOf } from './common/segments.js';
import { interestEvents } from './pam.js';
import { applyTermination, purchaseEvents } from './common/schedules.js';
import { prepaymentEvents } from './common/prepayment.js';

const linear = amortizerLifecycle('LAM');

function amountOf(terms: ContractTerms, i: number): number {
  const amounts = terms.arrayNextPrincipalRedemptionPayment ?? [];
  return amounts[i] ?? amounts[amounts.length - 1] ?? 0;
}

function isIncrease(terms: ContractTerms, i: number): boolean {
  const flags = terms.arrayIncreaseDecrease ?? [];
  return (flags[i] ?? flags[flags.length - 1]) === 'INC';
}

/**
 * Maturity when MD is absent: walk the redemption segments; the last (decreasing)
 * segment repays the remaining notional in whole instalments, LAM-style.
 */
function laxMaturity(terms: ContractTerms): Time {
  if (terms.maturityDate !== undefined) return terms.maturityDate;
  const anchors = terms.arrayCycleAnchorDateOfPrincipalRedemption ?? [];
  const last = anchors.length - 1;
  if (last < 0)
    throw new EngineError('maturityDate', 'MISSING_TERM', 'LAX needs maturityDate or principal redemption arrays');
  let notional = terms.notionalPrincipal ?? 0;
  for (const segment of segmentsOf(anchors, terms.arrayCycleOfPrincipalRedemption, Infinity).slice(0, last)) {
    const count = segmentDates(segment, terms.endOfMonthConvention).length;
    notional += (isIncrease(terms, segment.index) ? 1 : -1) * amountOf(terms, segment.index) * count;
  }
  const cycle = terms.arrayCycleOfPrincipalRedemption?.[last] ?? terms.arrayCycleOfPrincipalRedemption?.[0];
  const amount = amountOf(terms, last);
  const lastAnchor = anchors[last] as Time;
  if (cycle === undefined || isIncrease(terms, last) || !(amount > 0)) return lastAnchor;
  const remaining = Math.max(0, Math.ceil(notional / amount) - 1);
  chargeSchedule(remaining + 1);
  return addPeriod(lastAnchor, cycle, remaining);
}

function withValue(e: EngineEvent, value: number): EngineEvent {
  e.value = value;
  return e;
}

function schedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] {
  // The array redemption amounts are fixed per segment: a prepayment can shorten the
  // schedule (M) but re-sizing every later segment amount (A) is not modelled.
  if (terms.prepaymentEffect === 'A')
    throw new EngineError(
      'prepaymentEffect',
      'UNSUPPORTED',
      'LAX supports prepaymentEffect M (reduces maturity) only, not A',
    );
  const md = laxMaturity(terms);
  const eom = terms.endOfMonthConvention;
  const events: EngineEvent[] = [];
  if (terms.initialExchangeDate !== undefined) events.push(conv.fixed(terms.initialExchangeDate, 'IED'));
  events.push(
    terms.maturityDate !== undefined ? conv.fixed(md, 'MD') : conv.event(md, 'MD'),
    ...purchaseEvents(terms, conv),
  );
  for (const segment of segmentsOf(
    terms.arrayCycleAnchorDateOfPrincipalRedemption,
    terms.arrayCycleOfPrincipalRedemption,
    md,
  )) {
    const type = isIncrease(terms, segment.index) ? 'PI' : 'PR';
    for (const t of segmentDates(segment, eom))
      if (t < md) events.push(withValue(conv.event(t, type), amountOf(terms, segment.index)));
  }
  const ipAnchors = terms.arrayCycleAnchorDateOfInterestPayment;
  if (ipAnchors) {
    const seen = new Set<number>();
    for (const segment of segmentsOf(ipAnchors, terms.arrayCycleOfInterestPayment, md)) {
      for (const t of [...segmentDates(segment, eom), md]) {
        if (t > md || seen.has(t)) continue;
        seen.add(t);
        events.push(conv.event(t, 'IP'));
      }
    }
  } else events.push(...interestEvents(terms, conv, md));
  const rates = terms.arrayRate ?? [];
  for (const segment of segmentsOf(terms.arrayCycleAnchorDateOfRateReset, terms.arrayCycleOfRateReset, md)) {
    const fixed = (terms.arrayFixedVariable?.[segment.index] ?? 'V') === 'F';
    for (const t of segmentDates(segment, eom))
      events.push(withValue(conv.event(t, fixed ? 'RRF' : 'RR'), rates[segment.index] ?? 0));
  }
  events.push(...prepaymentEvents(terms, conv, ctx, md));
  return applyTermination(terms, conv, events);
}

function initialState(terms: ContractTerms): ContractState {
  const s = emptyState(terms);
  const ied = terms.initialExchangeDate;
  if (ied !== undefined && ied > terms.statusDate) return s;
  const sign = roleSign(terms.contractRole);
  s.notionalPrincipal = sign * (terms.notionalPrincipal ?? 0);
  s.interestCalculationBaseAmount = s.notionalPrincipal;
  s.nominalInterestRate = terms.nominalInterestRate ?? 0;
  s.accruedInterest = sign * (terms.accruedInterest ?? 0);
  return s;
}

/** LAX events: segment redemptions (PR) and increases (PI), array rate fixings; the rest as LAM. */
function apply(e: EngineEvent, s: ContractState, terms: ContractTerms, conv: Conventions, ctx: EngineContext): number {
  const t = e.calcTime;
  const sign = roleSign(terms.contractRole);
  const value = e.value ?? 0;
  switch (e.type) {
    case 'IED':
      s.notionalPrincipal = sign * (terms.notionalPrincipal ?? 0);
      s.interestCalculationBaseAmount = s.notionalPrincipal;
      s.nominalInterestRate = terms.nominalInterestRate ?? 0;
      s.accruedInterest = sign * (terms.accruedInterest ?? 0);
      s.statusDate = t;
      return -sign * ((terms.notionalPrincipal ?? 0) + (terms.premiumDiscountAtIED ?? 0));
    case 'PR': {
      const due = sign * value;
      const amount = due - sign * Math.max(0, Math.abs(due) - Math.abs(s.notionalPrincipal));
      accrueTo(s, terms, conv, t, s.interestCalculationBaseAmount);
      s.notionalPrincipal -= amount;
      if (terms.interestCalculationBase !== 'NTL') s.interestCalculationBaseAmount = s.notionalPrincipal;
      s.nextPrincipalRedemptionPayment = due;
      return s.notionalScalingMultiplier * amount;
    }
    case 'PI':
      accrueTo(s, terms, conv, t, s.interestCalculationBaseAmount);
      s.notionalPrincipal += sign * value;
      if (terms.interestCalculationBase !== 'NTL') s.interestCalculationBaseAmount = s.notionalPrincipal;
      return -sign * value * s.notionalScalingMultiplier;
    case 'RR': {
      const rate =
        ctx.observe(terms.marketObjectCodeOfRateReset ?? '', e.scheduleTime) * (terms.rateMultiplier ?? 1) + value;
      accrueTo(s, terms, conv, t, s.interestCalculationBaseAmount);
      s.nominalInterestRate = Math.min(Math.max(rate, terms.lifeFloor ?? -Infinity), terms.lifeCap ?? Infinity);
      return 0;
    }
    case 'RRF':
      accrueTo(s, terms, conv, t, s.interestCalculationBaseAmount);
      s.nominalInterestRate = value;
      return 0;
    default:
      return linear.apply(e, s, terms, conv, ctx);
  }
}

/** LAX: exotic linear amortizer with array schedules of redemptions, increases and rate fixings. */
export const lax = lifecycleModule('LAX', { schedule, initialState, apply });
