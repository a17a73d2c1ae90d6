import { addDays, civil, dayNumber, monthOf, type Time } from './datetime.js';
import type { BusinessCalendar } from './calendar.js';
import { EngineError } from '../engine/errors.js';

export type BusinessDayConvention = 'NOS' | 'SCF' | 'SCMF' | 'CSF' | 'CSMF' | 'SCP' | 'SCMP' | 'CSP' | 'CSMP';

export const BUSINESS_DAY_CONVENTIONS: readonly BusinessDayConvention[] = [
  'NOS',
  'SCF',
  'SCMF',
  'CSF',
  'CSMF',
  'SCP',
  'SCMP',
  'CSP',
  'CSMP',
];

function month(t: Time): number {
  return monthOf(civil(dayNumber(t)));
}

// A calendar with no business day in a year of days is broken: refuse rather than loop forever.
const MAX_SHIFT_DAYS = 366;

function noBusinessDay(): EngineError {
  return new EngineError('calendar', 'INVALID_VALUE', `The calendar has no business day within ${MAX_SHIFT_DAYS} days`);
}

function following(t: Time, cal: BusinessCalendar): Time {
  let r = t;
  for (let i = 0; !cal.isBusinessDay(r); i++) {
    if (i === MAX_SHIFT_DAYS) throw noBusinessDay();
    r = addDays(r, 1);
  }
  return r;
}

function preceding(t: Time, cal: BusinessCalendar): Time {
  let r = t;
  for (let i = 0; !cal.isBusinessDay(r); i++) {
    if (i === MAX_SHIFT_DAYS) throw noBusinessDay();
    r = addDays(r, -1);
  }
  return r;
}

/**
 * Shifts schedule times per a business-day convention. `SC*` conventions
 * ("shift, calculate") also compute accruals on the shifted date; `CS*`
 * ("calculate, shift") shift only the payment date and accrue on the unadjusted one.
 */
export class BusinessDayAdjuster {
  private readonly shiftCalcToo: boolean;
  private readonly mode: 'none' | 'F' | 'MF' | 'P' | 'MP';

  constructor(
    convention: BusinessDayConvention,
    private readonly calendar: BusinessCalendar,
  ) {
    this.shiftCalcToo = convention.startsWith('SC');
    const rule = convention === 'NOS' ? '' : convention.slice(2);
    this.mode = rule === '' ? 'none' : (rule as 'F' | 'MF' | 'P' | 'MP');
  }

  /** The event (payment) date of a scheduled time. */
  shiftEvent(t: Time): Time {
    const cal = this.calendar;
    switch (this.mode) {
      case 'none':
        return t;
      case 'F':
        return following(t, cal);
      case 'P':
        return preceding(t, cal);
      case 'MF': {
        const f = following(t, cal);
        return month(f) === month(t) ? f : preceding(t, cal);
      }
      case 'MP': {
        const p = preceding(t, cal);
        return month(p) === month(t) ? p : following(t, cal);
      }
    }
  }

  /** The date on which payoffs and accruals of a scheduled time are computed. */
  shiftCalc(t: Time): Time {
    return this.shiftCalcToo ? this.shiftEvent(t) : t;
  }
}
