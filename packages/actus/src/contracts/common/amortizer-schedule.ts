import type { Time } from '../../time/datetime.js';
import { addDays } from '../../time/datetime.js';
import { addPeriod } from '../../time/cycle.js';
import { createSchedule, endOfMonthShift } from '../../time/schedule.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import { chargeSchedule } from '../../engine/budget.js';
import { EngineError, newEvent, type EngineContext, type EngineEvent } from '../../engine/types.js';
import { prepaymentEvents } from './prepayment.js';
import { interestEvents } from '../pam.js';
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
} from './schedules.js';

export type AmortizerKind = 'LAM' | 'NAM' | 'ANN';

/** First principal redemption date: PRANX, else IED (reference default). */
export function principalAnchor(terms: ContractTerms): Time {
  const anchor = terms.cycleAnchorDateOfPrincipalRedemption ?? terms.initialExchangeDate;
  if (anchor === undefined)
    throw new EngineError(
      'cycleAnchorDateOfPrincipalRedemption',
      'MISSING_TERM',
      'A principal redemption anchor or cycle is required',
    );
  return anchor;
}

/**
 * Maturity of an amortizer: MD, else the amortization date (annuities), else the
 * date at which the fixed redemption amount has repaid the notional, assuming
 * constant interest per cycle for NAM/ANN.
 */
export function amortizerMaturity(terms: ContractTerms, conv: Conventions, kind: AmortizerKind): Time {
  if (terms.maturityDate !== undefined) return terms.maturityDate;
  if (terms.amortizationDate !== undefined && kind === 'ANN') return terms.amortizationDate;
  const cycle = terms.cycleOfPrincipalRedemption;
  const prnxt = terms.nextPrincipalRedemptionPayment;
  const notional = terms.notionalPrincipal ?? 0;
  if (cycle === undefined || prnxt === undefined) {
    throw new EngineError(
      'maturityDate',
      'MISSING_TERM',
      'maturityDate, amortizationDate or a redemption cycle with nextPrincipalRedemptionPayment is required',
    );
  }
  const anchor = principalAnchor(terms);
  let last = anchor;
  if (anchor < terms.statusDate) {
    const past = createSchedule(anchor, terms.statusDate, cycle, terms.endOfMonthConvention, false);
    last = past[past.length - 1] ?? anchor;
  }
  let perCycle = prnxt;
  if (kind !== 'LAM') {
    perCycle = prnxt - conv.yearFraction(last, addPeriod(last, cycle)) * (terms.nominalInterestRate ?? 0) * notional;
  }
  if (!(perCycle > 0))
    throw new EngineError(
      'nextPrincipalRedemptionPayment',
      'INVALID_VALUE',
      'The redemption amount never repays the notional',
    );
  const remaining = Math.ceil(notional / perCycle) - 1;
  // A tiny instalment would put maturity centuries (or 1e300 cycles) away: refuse it before computing the date.
  chargeSchedule(remaining + 1);
  return endOfMonthShift(terms.endOfMonthConvention, anchor, cycle, addPeriod(last, cycle, remaining));
}

/** Events of LAM, NAM and ANN: IED, PR cycle, IP/IPCI, IPCB, RR/RRF, PRF (ANN), FP, SC, PRD, TD, MD. */
export function amortizerSchedule(
  terms: ContractTerms,
  conv: Conventions,
  kind: AmortizerKind,
  md: Time,
  ctx: EngineContext,
): EngineEvent[] {
  const events: EngineEvent[] = initialExchangeEvents(terms, conv);
  const prAnchor = principalAnchor(terms);
  events.push(...cycleEvents(conv, terms, prAnchor, terms.cycleOfPrincipalRedemption, md, 'PR', false));
  const maturity = maturityEvent(terms, conv, md);
  events.push(maturity);
  events.push(...purchaseEvents(terms, conv));
  const withInterestCycle =
    terms.cycleOfInterestPayment !== undefined || terms.cycleAnchorDateOfInterestPayment !== undefined;
  // Without an interest cycle, interest is paid with each principal redemption.
  const interestTerms = withInterestCycle
    ? terms
    : {
        ...terms,
        cycleAnchorDateOfInterestPayment: prAnchor,
        cycleOfInterestPayment: terms.cycleOfPrincipalRedemption,
      };
  events.push(...interestEvents(interestTerms, conv, md));
  if (terms.interestCalculationBase === 'NTL') {
    const anchor = anchorOf(
      terms.cycleAnchorDateOfInterestCalculationBase,
      terms.cycleOfInterestCalculationBase,
      terms.initialExchangeDate,
    );
    events.push(...cycleEvents(conv, terms, anchor, terms.cycleOfInterestCalculationBase, md, 'IPCB', false));
  }
  const resets = rateResetEvents(terms, conv, md);
  events.push(...resets);
  if (kind === 'ANN') {
    // An annuity re-fixes its instalment after each rate reset, and once before the
    // first redemption when no instalment is given.
    for (const r of resets) events.push(newEvent(r.time, r.calcTime, 'PRF', r.currency));
    if (terms.nextPrincipalRedemptionPayment === undefined) {
      const fixing = conv.event(addDays(prAnchor, -1), 'PRF');
      if (terms.initialExchangeDate === undefined || fixing.time > terms.initialExchangeDate) events.push(fixing);
    }
  }
  events.push(...feeEvents(terms, conv, md));
  events.push(...scalingEvents(terms, conv, md));
  events.push(...prepaymentEvents(terms, conv, ctx, md));
  return applyTermination(terms, conv, dropAfterMaturity(events, maturity));
}
