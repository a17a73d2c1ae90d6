import { isSettlementHoliday } from './holidays';

/**
 * Settlement dates. A settlement cycle counts business days: Monday to Friday (UTC) that are
 * not settlement holidays (holidays.ts: the TARGET2 closing days; decision 0036).
 */

/** The trade date of an instant: its UTC calendar day, YYYY-MM-DD. */
export function tradeDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** True for Monday to Friday, holidays excepted. */
export function isBusinessDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6 && !isSettlementHoliday(date);
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * `date` plus `days` business days (T+N). T+0 is the trade date itself, whatever day it is;
 * from T+1 on, weekends and settlement holidays are skipped.
 */
export function addBusinessDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (isBusinessDay(day(at))) left--;
  }
  return day(at);
}

/** `date` minus `days` business days; from a non-business day, counting starts at the business day before. */
export function subtractBusinessDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0 || !isBusinessDay(day(at))) {
    at.setUTCDate(at.getUTCDate() - 1);
    if (isBusinessDay(day(at)) && left > 0) left--;
  }
  return day(at);
}
