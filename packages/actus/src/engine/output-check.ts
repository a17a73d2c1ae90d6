import { formatTime, makeTime, type Time } from '../time/datetime.js';
import { EngineError } from './errors.js';
import type { EngineEvent } from './types.js';

// Dates the output format (four-digit years) can represent.
const FIRST_TIME = makeTime(1, 1, 1);
const LAST_TIME = makeTime(9999, 12, 31, 86_399);

function validTime(t: Time | undefined): boolean {
  return t === undefined || (Number.isFinite(t) && t >= FIRST_TIME && t <= LAST_TIME);
}

/**
 * The last line of defence of the public boundary: an event with a date outside years
 * 0001-9999 or a non-finite number (terms so extreme that doubles overflow) becomes a
 * problem, never an output record with `NaN` or an unreadable date.
 */
export function checked(e: EngineEvent): EngineEvent {
  // Hot path: one comparison chain per event; the field is looked up only on failure.
  const t = e.time;
  if (!(t >= FIRST_TIME && t <= LAST_TIME) || (e.exerciseDate !== undefined && !validTime(e.exerciseDate)))
    throw new EngineError('eventDate', 'DATE_OUT_OF_RANGE', `A ${e.type} event falls outside the years 0001-9999`);
  const sum =
    e.payoff +
    (e.notionalPrincipal ?? 0) +
    (e.nominalInterestRate ?? 0) +
    (e.accruedInterest ?? 0) +
    (e.feeAccrued ?? 0) +
    (e.notionalScalingMultiplier ?? 0) +
    (e.interestScalingMultiplier ?? 0) +
    (e.nextPrincipalRedemptionPayment ?? 0) +
    (e.interestCalculationBaseAmount ?? 0) +
    (e.exerciseAmount ?? 0) +
    (e.notionalPrincipal2 ?? 0) +
    (e.nominalInterestRate2 ?? 0) +
    (e.accruedInterest2 ?? 0);
  // Any NaN or infinite field makes the sum NaN or infinite (sum - sum is then NaN); the
  // fields are then checked one by one, since finite fields can also overflow the sum.
  if (sum - sum !== 0) checkFields(e);
  return e;
}

const FIELDS = [
  'payoff',
  'notionalPrincipal',
  'nominalInterestRate',
  'accruedInterest',
  'feeAccrued',
  'notionalScalingMultiplier',
  'interestScalingMultiplier',
  'nextPrincipalRedemptionPayment',
  'interestCalculationBaseAmount',
  'exerciseAmount',
  'notionalPrincipal2',
  'nominalInterestRate2',
  'accruedInterest2',
] as const;

function checkFields(e: EngineEvent): void {
  for (const field of FIELDS) {
    const v = e[field];
    if (v !== undefined && !Number.isFinite(v))
      throw new EngineError(
        field,
        'NON_FINITE_RESULT',
        `The ${e.type} event on ${formatTime(e.time)} has a non-finite ${field}: the terms' amounts or rates are too extreme`,
      );
  }
}
