import type { Time } from '../../time/datetime.js';
import { createSchedule } from '../../time/schedule.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import type { ContractState } from '../../engine/types.js';
import { principalAnchor } from './amortizer-schedule.js';

/**
 * Constant instalment (principal + interest) that repays the outstanding notional
 * over the remaining redemption dates t1..tn (the last being maturity), given the
 * interest already accrued at the state's status date t0:
 *   A = (N g1 + AI) g2...gn / (1 + sum_{k=2..n} gk...gn),  gi = 1 + r Y(t(i-1), ti).
 */
export function annuityInstalment(
  state: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  maturity: Time,
  includeStart = false,
): number {
  const t0 = state.statusDate;
  // A redemption falling at t0 itself is still due only when it is processed after this fixing (e.g. at IED).
  const dates = createSchedule(
    principalAnchor(terms),
    maturity,
    terms.cycleOfPrincipalRedemption,
    terms.endOfMonthConvention,
    true,
  )
    .filter((t) => t > t0 || (includeStart && t === t0))
    .map((t) => conv.bdc.shiftCalc(t));
  const n = dates.length;
  if (n === 0) return state.notionalPrincipal + state.accruedInterest;
  const r = state.nominalInterestRate;
  let product = 1;
  let sum = 1;
  for (let i = n - 1; i >= 1; i--) {
    product *= 1 + r * conv.yearFraction(dates[i - 1] as Time, dates[i] as Time);
    sum += product;
  }
  const first = state.notionalPrincipal * (1 + r * conv.yearFraction(t0, dates[0] as Time)) + state.accruedInterest;
  return (first * product) / sum;
}
