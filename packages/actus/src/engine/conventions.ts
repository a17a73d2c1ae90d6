import type { Time } from '../time/datetime.js';
import { BusinessDayAdjuster } from '../time/business-day.js';
import { getCalendar, NO_CALENDAR, type BusinessCalendar } from '../time/calendar.js';
import { yearFraction, type DayCountConvention } from '../time/day-count.js';
import type { ContractTerms } from '../terms/types.js';
import { EngineError, newEvent, type EngineEvent } from './types.js';

/** The date conventions of one contract, resolved once per evaluation. */
export interface Conventions {
  readonly calendar: BusinessCalendar;
  readonly bdc: BusinessDayAdjuster;
  /** Year fraction under the contract's day count (30E360 when absent). */
  yearFraction(start: Time, end: Time): number;
  /** A scheduled event at an unadjusted time, shifted per the business-day convention. */
  event(t: Time, type: string): EngineEvent;
}

export function conventionsOf(terms: ContractTerms): Conventions {
  const calendar = getCalendar(terms.calendar);
  if (!calendar) throw new EngineError('calendar', 'UNKNOWN_CALENDAR', `No calendar registered as ${terms.calendar}`);
  const bdc = new BusinessDayAdjuster(terms.businessDayConvention ?? 'NOS', calendar ?? NO_CALENDAR);
  const dayCount: DayCountConvention = terms.dayCountConvention ?? '30E360';
  const maturity = terms.maturityDate;
  const currency = terms.currency ?? '';
  return {
    calendar,
    bdc,
    yearFraction: (start, end) => yearFraction(dayCount, start, end, maturity, calendar),
    event: (t, type) => newEvent(bdc.shiftEvent(t), bdc.shiftCalc(t), type, currency),
  };
}
