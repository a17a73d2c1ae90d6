/**
 * Settlement dates. A settlement cycle counts business days: Monday to Friday (UTC). No
 * holiday calendar is kept yet (docs/decisions/0023-t-plus-n-settlement.md), so a T+1 trade
 * done on a public holiday eve still settles on the next weekday.
 */

/** The trade date of an instant: its UTC calendar day, YYYY-MM-DD. */
export function tradeDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** True for Monday to Friday. */
export function isBusinessDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

/**
 * `date` plus `days` business days (T+N). T+0 is the trade date itself, whatever day it is;
 * from T+1 on, weekends are skipped.
 */
export function addBusinessDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at.toISOString().slice(0, 10);
}

/** `date` minus `days` business days; from a weekend day, counting starts at the Friday before. */
export function subtractBusinessDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0 || at.getUTCDay() === 0 || at.getUTCDay() === 6) {
    at.setUTCDate(at.getUTCDate() - 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6 && left > 0) left--;
  }
  return at.toISOString().slice(0, 10);
}
