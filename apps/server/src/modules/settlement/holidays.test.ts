import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, subtractBusinessDays } from './calendar';
import { easterSunday, settlementHolidays } from './holidays';

describe('settlement holidays', () => {
  // Published Easter Sundays (Gregorian).
  it.each([
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter %i is %s', (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });

  it('lists the six TARGET2 closing days of a year, Good Friday and Easter Monday around Easter', () => {
    expect([...settlementHolidays(2026)]).toEqual([
      ['2026-01-01', "New Year's Day"],
      ['2026-04-03', 'Good Friday'],
      ['2026-04-06', 'Easter Monday'],
      ['2026-05-01', 'Labour Day'],
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-26', 'Boxing Day'],
    ]);
    expect(isBusinessDay('2026-04-03')).toBe(false);
    expect(isBusinessDay('2026-04-07')).toBe(true);
  });

  it.each([
    ['2026-04-02', 2, '2026-04-08'], // Thursday before Easter: Good Friday, the weekend and Easter Monday skipped
    ['2026-12-24', 1, '2026-12-28'], // Christmas Eve (Thursday) T+1: 25th holiday, 26th Saturday
    ['2026-12-31', 1, '2027-01-04'], // New Year's Eve (Thursday): 1 January holiday, then the weekend
    ['2026-04-30', 1, '2026-05-04'], // Labour Day on a Friday
    ['2026-11-24', 2, '2026-11-26'], // an ordinary week
  ])('%s + %i business days = %s', (date, days, expected) => {
    expect(addBusinessDays(date, days)).toBe(expected);
    // Counting back from the settlement date gives the last business day on or before the trade date.
    expect(subtractBusinessDays(expected, days) <= date).toBe(true);
  });
});
