import type { Time } from '../../time/datetime.js';
import { createSchedule } from '../../time/schedule.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import { emptyState, type Lifecycle } from '../../engine/lifecycle.js';
import { roleSign } from '../../engine/role.js';
import type { ContractState, EngineContext, EngineEvent } from '../../engine/types.js';
import { accrual, accrueTo } from './interest.js';
import { applyStandardEvent, CALCULATION_BASE } from './transitions.js';
import { amortizerMaturity, amortizerSchedule, principalAnchor, type AmortizerKind } from './amortizer-schedule.js';
import { annuityInstalment } from './annuity.js';

function initialBase(terms: ContractTerms, sign: number): number {
  if (terms.interestCalculationBase === 'NTL')
    return sign * (terms.interestCalculationBaseAmount ?? terms.notionalPrincipal ?? 0);
  return sign * (terms.notionalPrincipal ?? 0);
}

/**
 * Fixed redemption amount when none is given: LAM spreads the outstanding notional evenly
 * over the redemption dates still to come (after `from`: the status date of a running
 * contract, so that nothing is left as a balloon at maturity; none at IED).
 */
function defaultRedemption(
  terms: ContractTerms,
  kind: AmortizerKind,
  md: Time,
  s: ContractState,
  conv: Conventions,
  from?: Time,
): number {
  if (terms.nextPrincipalRedemptionPayment !== undefined)
    return roleSign(terms.contractRole) * terms.nextPrincipalRedemptionPayment;
  if (kind === 'ANN') return annuityInstalment(s, terms, conv, terms.amortizationDate ?? md);
  const dates = createSchedule(
    principalAnchor(terms),
    md,
    terms.cycleOfPrincipalRedemption,
    terms.endOfMonthConvention,
    true,
  );
  const remaining = from === undefined ? dates.length : dates.filter((t) => t > from).length;
  return s.notionalPrincipal / Math.max(1, remaining);
}

/** Principal repaid at a PR event. LAM repays Prnxt; NAM/ANN repay Prnxt net of interest due. Never more than outstanding. */
function redemption(s: ContractState, kind: AmortizerKind, sign: number, interestDue: number): number {
  const due = kind === 'LAM' ? s.nextPrincipalRedemptionPayment : s.nextPrincipalRedemptionPayment - interestDue;
  return due - sign * Math.max(0, Math.abs(due) - Math.abs(s.notionalPrincipal));
}

export function amortizerLifecycle(kind: AmortizerKind): Lifecycle {
  // Kept on the per-evaluation conventions object: computed once per evaluation, never
  // carried over to the next evaluation of the same terms.
  const maturityOf = (terms: ContractTerms, conv: Conventions): Time => {
    let md = conv.memoMaturity;
    if (md === undefined) {
      md = amortizerMaturity(terms, conv, kind);
      conv.memoMaturity = md;
    }
    return md;
  };

  const schedule = (terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] =>
    amortizerSchedule(terms, conv, kind, maturityOf(terms, conv), ctx);

  const initialState = (terms: ContractTerms, conv: Conventions): ContractState => {
    const s = emptyState(terms);
    const md = maturityOf(terms, conv);
    s.maturityDate = md;
    s.notionalScalingMultiplier = terms.notionalScalingMultiplier ?? 1;
    s.interestScalingMultiplier = terms.interestScalingMultiplier ?? 1;
    s.feeAccrued = terms.feeAccrued ?? 0;
    const sign = roleSign(terms.contractRole);
    const ied = terms.initialExchangeDate;
    if (ied !== undefined && ied > terms.statusDate) {
      if (terms.nextPrincipalRedemptionPayment !== undefined)
        s.nextPrincipalRedemptionPayment = sign * terms.nextPrincipalRedemptionPayment;
      return s;
    }
    s.notionalPrincipal = sign * (terms.notionalPrincipal ?? 0);
    s.nominalInterestRate = terms.nominalInterestRate ?? 0;
    s.interestCalculationBaseAmount = initialBase(terms, sign);
    s.accruedInterest = sign * (terms.accruedInterest ?? 0);
    s.nextPrincipalRedemptionPayment = defaultRedemption(terms, kind, md, s, conv, terms.statusDate);
    return s;
  };

  /** IED: lend the notional and fix the instalment (the annuity computes it now when none is given). */
  const initialExchange = (t: Time, s: ContractState, terms: ContractTerms, conv: Conventions): number => {
    const sign = roleSign(terms.contractRole);
    s.notionalPrincipal = sign * (terms.notionalPrincipal ?? 0);
    s.nominalInterestRate = terms.nominalInterestRate ?? 0;
    s.interestCalculationBaseAmount = initialBase(terms, sign);
    const ipanx = terms.cycleAnchorDateOfInterestPayment;
    if (terms.accruedInterest !== undefined) s.accruedInterest = sign * terms.accruedInterest;
    else if (ipanx !== undefined && ipanx < t)
      s.accruedInterest = conv.yearFraction(ipanx, t) * s.interestCalculationBaseAmount * s.nominalInterestRate;
    s.statusDate = t;
    const md = maturityOf(terms, conv);
    if (terms.nextPrincipalRedemptionPayment !== undefined)
      s.nextPrincipalRedemptionPayment = sign * terms.nextPrincipalRedemptionPayment;
    else if (kind === 'ANN')
      s.nextPrincipalRedemptionPayment = annuityInstalment(s, terms, conv, terms.amortizationDate ?? md, true);
    else s.nextPrincipalRedemptionPayment = defaultRedemption(terms, kind, md, s, conv);
    return -sign * ((terms.notionalPrincipal ?? 0) + (terms.premiumDiscountAtIED ?? 0));
  };

  const principalRedemption = (t: Time, s: ContractState, terms: ContractTerms, conv: Conventions): number => {
    const interestDue = s.accruedInterest + accrual(s, conv, t, s.interestCalculationBaseAmount);
    const amount = redemption(s, kind, roleSign(terms.contractRole), interestDue);
    accrueTo(s, terms, conv, t, s.interestCalculationBaseAmount);
    s.notionalPrincipal -= amount;
    CALCULATION_BASE.afterNotionalChange(s, terms);
    return s.notionalScalingMultiplier * amount;
  };

  const apply = (
    e: EngineEvent,
    s: ContractState,
    terms: ContractTerms,
    conv: Conventions,
    ctx: EngineContext,
  ): number => {
    const t = e.calcTime;
    switch (e.type) {
      case 'IED':
        return initialExchange(t, s, terms, conv);
      case 'PR':
        return principalRedemption(t, s, terms, conv);
      case 'IPCB':
        accrueTo(s, terms, conv, t, s.interestCalculationBaseAmount);
        s.interestCalculationBaseAmount = s.notionalPrincipal;
        return 0;
      case 'PP': {
        // Effect A keeps the remaining dates and lowers the instalment; M keeps the
        // instalment, so the notional is repaid earlier (later PRs are capped at zero).
        const before = s.notionalPrincipal;
        const payoff = applyStandardEvent(e, s, terms, conv, ctx, CALCULATION_BASE);
        if (terms.prepaymentEffect === 'A') {
          if (kind === 'ANN')
            s.nextPrincipalRedemptionPayment = annuityInstalment(
              s,
              terms,
              conv,
              terms.amortizationDate ?? maturityOf(terms, conv),
            );
          else if (before !== 0) s.nextPrincipalRedemptionPayment *= s.notionalPrincipal / before;
        }
        return payoff;
      }
      case 'PRF':
        accrueTo(s, terms, conv, t, s.interestCalculationBaseAmount);
        s.nextPrincipalRedemptionPayment = annuityInstalment(
          s,
          terms,
          conv,
          terms.amortizationDate ?? maturityOf(terms, conv),
        );
        return 0;
      default:
        return applyStandardEvent(e, s, terms, conv, ctx, CALCULATION_BASE);
    }
  };

  return { schedule, initialState, apply };
}
