import {
  civil,
  dayNumber,
  dayOf,
  daysInMonth,
  isLeapYear,
  makeTime,
  monthOf,
  SECONDS_PER_DAY,
  yearOf,
  type Time,
} from './datetime.js';
import { chargeWork } from '../engine/budget.js';
import type { BusinessCalendar } from './calendar.js';

export type DayCountConvention = 'AA' | 'A360' | 'A365' | '30E360' | '30E360ISDA' | '28E336' | 'B252';

export const DAY_COUNT_CONVENTIONS: readonly DayCountConvention[] = [
  'AA',
  'A360',
  'A365',
  '30E360',
  '30E360ISDA',
  '28E336',
  'B252',
];

const SECONDS_PER_HOUR = 3600;

// ACTUS rounds event times to the hour before computing year fractions, so a
// maturity at 23:59:59 accrues the full last day.
function roundToHour(t: Time): Time {
  return Math.round(t / SECONDS_PER_HOUR) * SECONDS_PER_HOUR;
}

function actualDays(start: Time, end: Time): number {
  return (end - start) / SECONDS_PER_DAY;
}

function actualActualIsda(start: Time, end: Time): number {
  const y1 = yearOf(civil(dayNumber(start)));
  const y2 = yearOf(civil(dayNumber(end)));
  const basis1 = isLeapYear(y1) ? 366 : 365;
  if (y1 === y2) return actualDays(start, end) / basis1;
  const basis2 = isLeapYear(y2) ? 366 : 365;
  const first = actualDays(start, makeTime(y1 + 1, 1, 1)) / basis1;
  const last = actualDays(makeTime(y2, 1, 1), end) / basis2;
  return first + last + (y2 - y1 - 1);
}

function thirty360(
  y1: number,
  m1: number,
  d1: number,
  y2: number,
  m2: number,
  d2: number,
  basis: number,
  monthDays: number,
): number {
  return (basis * (y2 - y1) + monthDays * (m2 - m1) + (d2 - d1)) / basis;
}

function thirtyE360(start: Time, end: Time): number {
  const p1 = civil(dayNumber(start));
  const p2 = civil(dayNumber(end));
  const y1 = yearOf(p1),
    m1 = monthOf(p1),
    d1 = dayOf(p1);
  const y2 = yearOf(p2),
    m2 = monthOf(p2),
    d2 = dayOf(p2);
  return thirty360(y1, m1, Math.min(d1, 30), y2, m2, Math.min(d2, 30), 360, 30);
}

function thirtyE360Isda(start: Time, end: Time, maturity: Time | undefined): number {
  const p1 = civil(dayNumber(start));
  const p2 = civil(dayNumber(end));
  const y1 = yearOf(p1),
    m1 = monthOf(p1),
    d1 = dayOf(p1);
  const y2 = yearOf(p2),
    m2 = monthOf(p2),
    d2 = dayOf(p2);
  const start30 = d1 === daysInMonth(y1, m1) ? 30 : d1;
  const endIsLast = d2 === daysInMonth(y2, m2);
  const isMaturity = maturity !== undefined && dayNumber(maturity) === dayNumber(end);
  const end30 = endIsLast && !(m2 === 2 && isMaturity) ? 30 : d2;
  return thirty360(y1, m1, start30, y2, m2, end30, 360, 30);
}

function twentyEight336(start: Time, end: Time): number {
  const p1 = civil(dayNumber(start));
  const p2 = civil(dayNumber(end));
  const y1 = yearOf(p1),
    m1 = monthOf(p1),
    d1 = dayOf(p1);
  const y2 = yearOf(p2),
    m2 = monthOf(p2),
    d2 = dayOf(p2);
  const s = d1 === daysInMonth(y1, m1) ? 28 : Math.min(d1, 28);
  const e = d2 === daysInMonth(y2, m2) ? 28 : Math.min(d2, 28);
  return thirty360(y1, m1, s, y2, m2, e, 336, 28);
}

function business252(start: Time, end: Time, calendar: BusinessCalendar): number {
  // Counting days one by one: charged to the evaluation's budget so far-apart dates cannot stall it.
  chargeWork(Math.max(0, dayNumber(end) - dayNumber(start)));
  let count = 0;
  for (let d = dayNumber(start); d < dayNumber(end); d++) {
    if (calendar.isBusinessDay(d * SECONDS_PER_DAY)) count++;
  }
  return count / 252;
}

/**
 * Year fraction between two times under a day-count convention.
 * `maturity` matters for 30E/360 ISDA (February maturity end dates), the calendar for B/252.
 */
export function yearFraction(
  convention: DayCountConvention,
  startTime: Time,
  endTime: Time,
  maturity: Time | undefined,
  calendar: BusinessCalendar,
): number {
  const start = roundToHour(startTime);
  const end = roundToHour(endTime);
  switch (convention) {
    case 'A360':
      return actualDays(start, end) / 360;
    case 'A365':
      return actualDays(start, end) / 365;
    case 'AA':
      return actualActualIsda(start, end);
    case '30E360':
      return thirtyE360(start, end);
    case '30E360ISDA':
      return thirtyE360Isda(start, end, maturity);
    case '28E336':
      return twentyEight336(start, end);
    case 'B252':
      return business252(start, end, calendar);
  }
}
