import { isLastDayOfMonth, toEndOfMonth, type Time } from './datetime.js';
import { addPeriod, type Cycle } from './cycle.js';

export type EndOfMonthConvention = 'SD' | 'EOM';

/**
 * The EOM convention applies only when the anchor is a month end and the cycle is
 * month based; otherwise schedule dates keep the anchor's day ("same day").
 */
function movesToMonthEnd(eom: EndOfMonthConvention | undefined, anchor: Time, cycle: Cycle): boolean {
  return eom === 'EOM' && cycle.months !== 0 && cycle.days === 0 && isLastDayOfMonth(anchor);
}

/** A date derived from an anchor by whole cycles, moved to month end when the EOM convention applies. */
export function endOfMonthShift(eom: EndOfMonthConvention | undefined, anchor: Time, cycle: Cycle, t: Time): Time {
  return movesToMonthEnd(eom, anchor, cycle) ? toEndOfMonth(t) : t;
}

/**
 * Unadjusted schedule from `start` to `end` for a cycle, ascending and unique.
 * Dates are anchor + k x period (no drift). With a long stub (`L0`) the last regular
 * date before an irregular end is dropped, so the final period is longer.
 * Without a cycle the schedule is [start, end].
 */
export function createSchedule(
  start: Time,
  end: Time,
  cycle: Cycle | undefined,
  eom: EndOfMonthConvention | undefined,
  addEnd = true,
): Time[] {
  if (cycle === undefined) {
    if (addEnd && end !== start) return start < end ? [start, end] : [end, start];
    return addEnd || start !== end ? [start] : [];
  }
  const toMonthEnd = movesToMonthEnd(eom, start, cycle);
  const out: Time[] = [];
  let next = start;
  let k = 1;
  while (next < end) {
    out.push(next);
    next = addPeriod(start, cycle, k);
    if (toMonthEnd) next = toEndOfMonth(next);
    k++;
  }
  const size = out.length + (addEnd ? 1 : 0);
  if (cycle.stub === 'long' && size > 2 && next !== end) out.pop();
  if (addEnd) out.push(end);
  else if (out.length > 0 && out[out.length - 1] === end) out.pop();
  return out;
}
