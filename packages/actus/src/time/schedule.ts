import {
  civil,
  dayNumber,
  dayOf,
  daysFromCivil,
  daysInMonth,
  isLastDayOfMonth,
  monthOf,
  SECONDS_PER_DAY,
  secondOfDay,
  toEndOfMonth,
  yearOf,
  type Time,
} from './datetime.js';
import { addPeriod, type Cycle } from './cycle.js';
import { chargeSchedule } from '../engine/budget.js';

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

/** start + k months (day clamped to the month, or the month end), from the anchor's date computed once. */
function monthStepper(start: Time, months: number, toMonthEnd: boolean): (k: number) => Time {
  const p = civil(dayNumber(start));
  const base = yearOf(p) * 12 + monthOf(p) - 1;
  const day = dayOf(p);
  const second = secondOfDay(start);
  return (k) => {
    const total = base + months * k;
    const y = Math.floor(total / 12);
    const m = total - y * 12 + 1;
    const last = daysInMonth(y, m);
    return daysFromCivil(y, m, toMonthEnd || day > last ? last : day) * SECONDS_PER_DAY + second;
  };
}

/**
 * Upper bound of the number of dates of a cycle schedule over [start, end], computed
 * arithmetically so that an endless or absurdly long schedule is refused before it is built.
 */
export function scheduleSize(start: Time, end: Time, cycle: Cycle): number {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return Infinity;
  if (end <= start) return 1;
  if (cycle.days === 0) {
    const a = civil(dayNumber(start));
    const b = civil(dayNumber(end));
    const months = yearOf(b) * 12 + monthOf(b) - (yearOf(a) * 12 + monthOf(a));
    return Math.floor(months / cycle.months) + 2;
  }
  const days = (end - start) / SECONDS_PER_DAY;
  return Math.floor(days / (cycle.days + cycle.months * 28)) + 2;
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
  chargeSchedule(scheduleSize(start, end, cycle));
  const toMonthEnd = movesToMonthEnd(eom, start, cycle);
  const next =
    cycle.days === 0 ? monthStepper(start, cycle.months, toMonthEnd) : (k: number) => addPeriod(start, cycle, k);
  const out: Time[] = [];
  let t = start;
  let k = 1;
  while (t < end) {
    out.push(t);
    t = next(k);
    k++;
  }
  const size = out.length + (addEnd ? 1 : 0);
  if (cycle.stub === 'long' && size > 2 && t !== end) out.pop();
  if (addEnd) out.push(end);
  else if (out.length > 0 && out[out.length - 1] === end) out.pop();
  return out;
}
