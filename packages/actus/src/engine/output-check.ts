import { formatTime, makeTime, type Time } from '../time/datetime.js';
import { EngineError } from './errors.js';
import type { EngineEvent } from './types.js';

// Dates the output format (four-digit years) can represent.
const FIRST_TIME = makeTime(1, 1, 1);
const LAST_TIME = makeTime(9999, 12, 31, 86_399);

const NUMERIC_FIELDS = [
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

function validTime(t: Time | undefined): boolean {
  return t === undefined || (Number.isFinite(t) && t >= FIRST_TIME && t <= LAST_TIME);
}

/**
 * The last line of defence of the public boundary: an event with a date outside years
 * 0001-9999 or a non-finite number (terms so extreme that doubles overflow) becomes a
 * problem, never an output record with `NaN` or an unreadable date.
 */
export function checked(e: EngineEvent): EngineEvent {
  if (!validTime(e.time) || !validTime(e.exerciseDate))
    throw new EngineError('eventDate', 'DATE_OUT_OF_RANGE', `A ${e.type} event falls outside the years 0001-9999`);
  for (const field of NUMERIC_FIELDS) {
    const v = e[field];
    if (v !== undefined && !Number.isFinite(v))
      throw new EngineError(
        field,
        'NON_FINITE_RESULT',
        `The ${e.type} event on ${formatTime(e.time)} has a non-finite ${field}: the terms' amounts or rates are too extreme`,
      );
  }
  return e;
}
