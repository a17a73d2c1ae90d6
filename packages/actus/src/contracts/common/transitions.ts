import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import { roleSign } from '../../engine/role.js';
import type { ContractState, EngineContext, EngineEvent } from '../../engine/types.js';
import { accrual, accrueTo, applyScaling, feeAccrual, feePayoff, resetRate } from './interest.js';
import { penaltyPayoff, prepay } from './prepayment.js';

/**
 * What interest accrues on: the notional (PAM, CLM, UMP) or the interest calculation
 * base (amortizers), and how that base follows a change of the notional.
 */
export interface AccrualBase {
  of(s: ContractState): number;
  afterNotionalChange(s: ContractState, terms: ContractTerms): void;
}

export const NOTIONAL_BASE: AccrualBase = {
  of: (s) => s.notionalPrincipal,
  afterNotionalChange: () => undefined,
};

/** The calculation base follows the notional unless it is fixed between IPCB fixings (NTL). */
export const CALCULATION_BASE: AccrualBase = {
  of: (s) => s.interestCalculationBaseAmount,
  afterNotionalChange: (s, terms) => {
    if (terms.interestCalculationBase !== 'NTL') s.interestCalculationBaseAmount = s.notionalPrincipal;
  },
};

type Transition = (
  e: EngineEvent,
  s: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  ctx: EngineContext,
  base: AccrualBase,
) => number;

const interestPayment: Transition = (e, s, terms, conv, _ctx, base) => {
  const payoff = s.interestScalingMultiplier * (s.accruedInterest + accrual(s, conv, e.calcTime, base.of(s)));
  s.feeAccrued += feeAccrual(s, terms, conv, e.calcTime);
  s.accruedInterest = 0;
  s.statusDate = e.calcTime;
  return payoff;
};

const capitalization: Transition = (e, s, terms, conv, _ctx, base) => {
  accrueTo(s, terms, conv, e.calcTime, base.of(s));
  s.notionalPrincipal += s.accruedInterest;
  s.accruedInterest = 0;
  base.afterNotionalChange(s, terms);
  return 0;
};

const rateReset: Transition = (e, s, terms, conv, ctx, base) => {
  const rate = e.type === 'RR' ? resetRate(s, terms, ctx, e.scheduleTime) : (terms.nextResetRate as number);
  accrueTo(s, terms, conv, e.calcTime, base.of(s));
  s.nominalInterestRate = rate;
  return 0;
};

const feePayment: Transition = (e, s, terms, conv, _ctx, base) => {
  const payoff = feePayoff(s, terms, conv, e.calcTime, roleSign(terms.contractRole));
  accrueTo(s, terms, conv, e.calcTime, base.of(s));
  s.feeAccrued = 0;
  return payoff;
};

const scaling: Transition = (e, s, terms, conv, ctx, base) => {
  accrueTo(s, terms, conv, e.calcTime, base.of(s));
  applyScaling(s, terms, ctx, e.scheduleTime);
  return 0;
};

/** The buyer pays the clean price plus the interest accrued to the purchase date. */
const purchase: Transition = (e, s, terms, conv, _ctx, base) => {
  const dirty = (terms.priceAtPurchaseDate ?? 0) + s.accruedInterest + accrual(s, conv, e.calcTime, base.of(s));
  accrueTo(s, terms, conv, e.calcTime, base.of(s));
  return -roleSign(terms.contractRole) * dirty;
};

function closeOut(s: ContractState, t: number): void {
  s.notionalPrincipal = 0;
  s.accruedInterest = 0;
  s.feeAccrued = 0;
  s.interestCalculationBaseAmount = 0;
  s.statusDate = t;
}

/** The holder receives the termination price plus the interest accrued to TD. */
const termination: Transition = (e, s, terms, conv, _ctx, base) => {
  const payoff =
    roleSign(terms.contractRole) *
    ((terms.priceAtTerminationDate ?? 0) + s.accruedInterest + accrual(s, conv, e.calcTime, base.of(s)));
  closeOut(s, e.calcTime);
  return payoff;
};

/**
 * MD repays the notional and settles what is still accrued (data dictionary: MD zeroes the
 * accrued interest). Normally the IP and FP at maturity, ordered before MD, have already
 * paid it all; when the convention shifted them past an unshifted MD they are dropped
 * and this is where that interest and fee are paid.
 */
const maturity: Transition = (e, s, terms, conv, _ctx, base) => {
  const interest = s.accruedInterest + accrual(s, conv, e.calcTime, base.of(s));
  const fee = s.feeAccrued + feeAccrual(s, terms, conv, e.calcTime);
  const payoff = s.notionalScalingMultiplier * s.notionalPrincipal + s.interestScalingMultiplier * interest + fee;
  closeOut(s, e.calcTime);
  return payoff;
};

/** Monitoring and any event without effect of its own: accrue and move the status date. */
export const MONITORING: Transition = (e, s, terms, conv, _ctx, base) => {
  accrueTo(s, terms, conv, e.calcTime, base.of(s));
  return 0;
};

const penalty: Transition = (e, s, terms, conv, ctx, base) =>
  penaltyPayoff(e, s, terms, conv, ctx, roleSign(terms.contractRole), base.of(s));

const prepayment: Transition = (e, s, terms, conv, _ctx, base) => {
  const payoff = prepay(e, s, terms, conv, roleSign(terms.contractRole), base.of(s));
  base.afterNotionalChange(s, terms);
  return payoff;
};

/** The transitions by event type (the definition {@link standardTransitionOf} follows); others: monitoring. */
export const STANDARD: Readonly<Record<string, Transition>> = {
  PY: penalty,
  PP: prepayment,
  IP: interestPayment,
  IPCI: capitalization,
  RR: rateReset,
  RRF: rateReset,
  FP: feePayment,
  SC: scaling,
  PRD: purchase,
  TD: termination,
  MD: maturity,
};

/** Payoff then state transition of the events every interest-bearing contract shares. */
export function applyStandardEvent(
  e: EngineEvent,
  s: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  ctx: EngineContext,
  base: AccrualBase,
): number {
  return standardTransitionOf(e.type)(e, s, terms, conv, ctx, base);
}

/**
 * The {@link STANDARD} transition of an event type (monitoring for any other type:
 * {@link MONITORING}). A
 * switch, not a table lookup with a variable key: that was a megamorphic keyed load per
 * event of every interest-bearing contract.
 */
export function standardTransitionOf(type: string): Transition {
  switch (type) {
    case 'IP':
      return interestPayment;
    case 'RR':
    case 'RRF':
      return rateReset;
    case 'IPCI':
      return capitalization;
    case 'MD':
      return maturity;
    case 'FP':
      return feePayment;
    case 'PRD':
      return purchase;
    case 'TD':
      return termination;
    case 'SC':
      return scaling;
    case 'PP':
      return prepayment;
    case 'PY':
      return penalty;
    default:
      return MONITORING;
  }
}
