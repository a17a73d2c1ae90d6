import { isoWeekday, type Time } from './datetime.js';

/** A business-day calendar; plug in holiday calendars with {@link registerCalendar}. */
export interface BusinessCalendar {
  isBusinessDay(t: Time): boolean;
}

/** NC: every day is a business day. */
export const NO_CALENDAR: BusinessCalendar = { isBusinessDay: () => true };

/** MF: Monday to Friday are business days. */
export const MONDAY_TO_FRIDAY: BusinessCalendar = { isBusinessDay: (t) => isoWeekday(t) <= 5 };

const calendars = new Map<string, BusinessCalendar>([
  ['NC', NO_CALENDAR],
  ['MF', MONDAY_TO_FRIDAY],
]);

/**
 * Registers a calendar under a name usable as the `calendar` term, e.g. a
 * weekday calendar with a holiday list: `{ isBusinessDay: t => MF(t) && !holidays.has(dayNumber(t)) }`.
 */
export function registerCalendar(name: string, calendar: BusinessCalendar): void {
  calendars.set(name, calendar);
}

export function getCalendar(name: string | undefined): BusinessCalendar | undefined {
  return calendars.get(name ?? 'NC');
}

export function knownCalendars(): string[] {
  return [...calendars.keys()];
}
