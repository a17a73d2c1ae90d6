import type { Time } from '../../time/datetime.js';
import { createSchedule } from '../../time/schedule.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import { chargeWork } from '../../engine/budget.js';
import type { ContractState } from '../../engine/types.js';
import { principalAnchor } from './amortizer-schedule.js';

/**
 * The redemption schedule S(PRANX, PRCL, maturity) of one evaluation, unadjusted (data
 * dictionary: the annuity is computed on the contractual redemption dates, as the
 * reference engine does, not on business-day shifted ones), with the year fraction of
 * each period computed once: an annuity re-fixed after every rate reset then costs one
 * multiply-add per remaining date instead of a schedule and a day count per date.
 */
class RedemptionDates {
  readonly times: Time[];
  /** periods[i] = Y(times[i-1], times[i]); periods[0] is unused. */
  readonly periods: Float64Array;

  constructor(
    terms: ContractTerms,
    conv: Conventions,
    readonly maturity: Time,
  ) {
    this.times = createSchedule(
      principalAnchor(terms),
      maturity,
      terms.cycleOfPrincipalRedemption,
      terms.endOfMonthConvention,
      true,
    );
    this.periods = new Float64Array(this.times.length);
    for (let i = 1; i < this.times.length; i++)
      this.periods[i] = conv.yearFraction(this.times[i - 1] as Time, this.times[i] as Time);
  }

  /** Index of the first date still due after t0 (at t0 itself only when includeStart). */
  firstDue(t0: Time, includeStart: boolean): number {
    const times = this.times;
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = times[mid] as Time;
      if (t > t0 || (includeStart && t === t0)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

// One schedule per evaluation (kept on the conventions object, which lives exactly that long) and maturity.
function redemptionDates(terms: ContractTerms, conv: Conventions, maturity: Time): RedemptionDates {
  const hit = conv.memoRedemptions;
  if (hit instanceof RedemptionDates && hit.maturity === maturity) return hit;
  const dates = new RedemptionDates(terms, conv, maturity);
  conv.memoRedemptions = dates;
  return dates;
}

/**
 * Constant instalment (principal + interest) that repays the outstanding notional
 * over the remaining redemption dates t1..tn (the last being maturity), given the
 * interest already accrued at the state's status date t0:
 *   A = (N g1 + AI) g2...gn / (1 + sum_{k=2..n} gk...gn),  gi = 1 + r Y(t(i-1), ti),
 * with the ti the unadjusted dates of S(PRANX, PRCL, maturity).
 */
export function annuityInstalment(
  state: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  maturity: Time,
  includeStart = false,
): number {
  const t0 = state.statusDate;
  const dates = redemptionDates(terms, conv, maturity);
  // A redemption falling at t0 itself is still due only when it is processed after this fixing (e.g. at IED).
  const first = dates.firstDue(t0, includeStart);
  const last = dates.times.length - 1;
  if (first > last) return state.notionalPrincipal + state.accruedInterest;
  chargeWork(last - first + 1);
  const r = state.nominalInterestRate;
  const periods = dates.periods;
  let product = 1;
  let sum = 1;
  for (let i = last; i > first; i--) {
    product *= 1 + r * (periods[i] as number);
    sum += product;
  }
  const firstPeriod = conv.yearFraction(t0, dates.times[first] as Time);
  const start = state.notionalPrincipal * (1 + r * firstPeriod) + state.accruedInterest;
  return (start * product) / sum;
}
