/**
 * Settlement holidays: the closing days of TARGET2 (T2), the euro area's RTGS and T2S
 * settlement calendar, used by most European CSDs: New Year's Day (1 January), Good Friday,
 * Easter Monday, Labour Day (1 May), Christmas Day (25 December) and 26 December. The platform
 * keeps one calendar for every currency (decision 0036); no settlement is due on these days.
 */
export const SETTLEMENT_HOLIDAY_NAMES = [
  "New Year's Day",
  'Good Friday',
  'Easter Monday',
  'Labour Day',
  'Christmas Day',
  'Boxing Day',
] as const;

/** Western (Gregorian) Easter Sunday of `year`, by the anonymous Gregorian computus (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const shift = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

const cache = new Map<number, Map<string, string>>();

/** The settlement holidays of `year`: date (YYYY-MM-DD) → name. */
export function settlementHolidays(year: number): ReadonlyMap<string, string> {
  let days = cache.get(year);
  if (!days) {
    const easter = easterSunday(year);
    const dates = [
      `${year}-01-01`,
      shift(easter, -2),
      shift(easter, 1),
      `${year}-05-01`,
      `${year}-12-25`,
      `${year}-12-26`,
    ];
    days = new Map(dates.map((date, i) => [date, SETTLEMENT_HOLIDAY_NAMES[i]!]));
    cache.set(year, days);
  }
  return days;
}

/** True when `date` (YYYY-MM-DD) is a settlement holiday. */
export function isSettlementHoliday(date: string): boolean {
  return settlementHolidays(Number(date.slice(0, 4))).has(date);
}
