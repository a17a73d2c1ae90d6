import type { Time } from '../../time/datetime.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import type { ContractState, EngineContext } from '../../engine/types.js';

/** Interest accrued on `base` since the state's status date. */
export function accrual(state: ContractState, conv: Conventions, t: Time, base: number): number {
  return conv.yearFraction(state.statusDate, t) * state.nominalInterestRate * base;
}

/** Fee accrued since the status date (only for fees quoted as a rate on the notional). */
export function feeAccrual(state: ContractState, terms: ContractTerms, conv: Conventions, t: Time): number {
  if (terms.feeRate === undefined || terms.feeBasis === 'A') return 0;
  return conv.yearFraction(state.statusDate, t) * terms.feeRate * state.notionalPrincipal;
}

/** Accrues interest and fees up to t and moves the status date (the AD transition). */
export function accrueTo(state: ContractState, terms: ContractTerms, conv: Conventions, t: Time, base: number): void {
  state.accruedInterest += accrual(state, conv, t, base);
  state.feeAccrued += feeAccrual(state, terms, conv, t);
  state.statusDate = t;
}

/** New rate from a market observation: multiplier, spread, then period and life caps/floors. */
export function resetRate(state: ContractState, terms: ContractTerms, ctx: EngineContext, t: Time): number {
  const code = terms.marketObjectCodeOfRateReset ?? '';
  // The reference implementation observes the rate at the reset time itself; the
  // fixing period only documents when the fixing was published.
  const observed = ctx.observe(code, t);
  let rate = observed * (terms.rateMultiplier ?? 1) + (terms.rateSpread ?? 0);
  const delta = Math.min(
    Math.max(rate - state.nominalInterestRate, -(terms.periodFloor ?? Infinity)),
    terms.periodCap ?? Infinity,
  );
  rate = state.nominalInterestRate + delta;
  return Math.min(Math.max(rate, terms.lifeFloor ?? -Infinity), terms.lifeCap ?? Infinity);
}

/** Scaling multipliers from the scaling index observed at t, relative to the index at deal date. */
export function applyScaling(state: ContractState, terms: ContractTerms, ctx: EngineContext, t: Time): void {
  const effect = terms.scalingEffect ?? '000';
  const ratio =
    ctx.observe(terms.marketObjectCodeOfScalingIndex ?? '', t) / (terms.scalingIndexAtContractDealDate ?? 1);
  if (effect.includes('I')) state.interestScalingMultiplier = ratio;
  if (effect.includes('N')) state.notionalScalingMultiplier = ratio;
}

/** Fee payoff at an FP event: absolute amount, or accrued fee on the notional. */
export function feePayoff(
  state: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  t: Time,
  sign: number,
): number {
  if (terms.feeBasis === 'A') return sign * (terms.feeRate ?? 0);
  return state.feeAccrued + feeAccrual(state, terms, conv, t);
}
