import type { Time } from '../time/datetime.js';
import { createSchedule } from '../time/schedule.js';
import type { ContractTerms } from '../terms/types.js';
import type { EngineContext } from '../engine/types.js';

/** Last exercise date: optionExerciseEndDate (expiry of a European option), else maturity. */
function exerciseEnd(terms: ContractTerms): Time {
  const md = terms.maturityDate as Time;
  return Math.min(terms.optionExerciseEndDate ?? md, md);
}

/**
 * Whether an exercise at t is allowed by the option's style: European (E) only at the
 * expiry, Bermudan (B) on the optionality schedule [OPANX, OPXED] (or the expiry when
 * there is none), American (A) any time from OPANX (if given) to OPXED. Futures and
 * options without a style accept any date up to maturity.
 */
function exercisable(terms: ContractTerms, t: Time, end: Time): boolean {
  const anchor = terms.cycleAnchorDateOfOptionality;
  switch (terms.optionExerciseType) {
    case 'E':
      return t === end;
    case 'B':
      if (anchor === undefined) return t === end;
      return (
        t === end || createSchedule(anchor, end, terms.cycleOfOptionality, terms.endOfMonthConvention, true).includes(t)
      );
    case 'A':
      return t <= end && (anchor === undefined || t >= anchor);
    default:
      return t <= (terms.maturityDate as Time);
  }
}

/**
 * Exercise date: the given one; else the first observed exercise (XD) of this contract
 * that the exercise style allows; else the last exercise date (an unexercised option
 * is settled on its value at expiry, which is zero out of the money).
 */
export function exerciseTime(terms: ContractTerms, ctx: EngineContext): Time {
  if (terms.exerciseDate !== undefined) return terms.exerciseDate;
  const end = terms.optionExerciseType === undefined ? (terms.maturityDate as Time) : exerciseEnd(terms);
  // A loop, not find with a closure: this runs for every option and future evaluated.
  for (const o of ctx.observedEvents)
    if (o.type === 'XD' && o.contractId === terms.contractID && exercisable(terms, o.time, end)) return o.time;
  return end;
}
