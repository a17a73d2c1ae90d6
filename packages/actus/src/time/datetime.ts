/**
 * Timestamps are plain numbers: seconds since 1970-01-01T00:00:00 (no time zone,
 * ACTUS times are local date-times). Integer arithmetic keeps hot loops free of
 * Date objects and string parsing.
 */
export type Time = number;

export const SECONDS_PER_DAY = 86_400;

/** Day number (days since 1970-01-01) of a proleptic Gregorian date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function computeCivil(days: number): number {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return packCivil(yoe + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

/** A date packed in one integer: year << 9 | month << 5 | day (no allocation in hot loops). */
export function packCivil(year: number, month: number, day: number): number {
  return (year << 9) | (month << 5) | day;
}
export const yearOf = (packed: number): number => packed >> 9;
export const monthOf = (packed: number): number => (packed >> 5) & 15;
export const dayOf = (packed: number): number => packed & 31;

// Schedules revisit the same days many times: a small direct-mapped cache of
// day number -> packed date avoids repeating the division-heavy conversion.
const CACHE_BITS = 14;
const CACHE_MASK = (1 << CACHE_BITS) - 1;
const cachedDays = new Int32Array(1 << CACHE_BITS).fill(-0x7fffffff);
const cachedCivil = new Int32Array(1 << CACHE_BITS);

/** Packed calendar date (see {@link packCivil}) of a day number. */
export function civil(days: number): number {
  const slot = days & CACHE_MASK;
  if (cachedDays[slot] === days) return cachedCivil[slot] as number;
  const packed = computeCivil(days);
  // Only day numbers an Int32Array holds exactly are kept (NaN would be stored as day 0).
  if ((days | 0) === days) {
    cachedDays[slot] = days;
    cachedCivil[slot] = packed;
  }
  return packed;
}

/** Calendar date of a day number, as [year, month (1-12), day]. */
export function civilFromDays(days: number): [number, number, number] {
  const p = civil(days);
  return [yearOf(p), monthOf(p), dayOf(p)];
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_LENGTHS[month - 1] as number);
}

export function dayNumber(t: Time): number {
  return Math.floor(t / SECONDS_PER_DAY);
}

export function secondOfDay(t: Time): number {
  return t - dayNumber(t) * SECONDS_PER_DAY;
}

export function makeTime(year: number, month: number, day: number, second = 0): Time {
  return daysFromCivil(year, month, day) * SECONDS_PER_DAY + second;
}

/** 1 = Monday ... 7 = Sunday (ISO). */
export function isoWeekday(t: Time): number {
  const d = dayNumber(t);
  return ((((d + 3) % 7) + 7) % 7) + 1;
}

export function isLastDayOfMonth(t: Time): boolean {
  const p = civil(dayNumber(t));
  return dayOf(p) === daysInMonth(yearOf(p), monthOf(p));
}

/** Moves t to the last day of its month, keeping the time of day. */
export function toEndOfMonth(t: Time): Time {
  const p = civil(dayNumber(t));
  return makeTime(yearOf(p), monthOf(p), daysInMonth(yearOf(p), monthOf(p)), secondOfDay(t));
}

/** Adds calendar months, clamping the day to the target month's length (ISO rule). */
export function addMonths(t: Time, months: number): Time {
  const p = civil(dayNumber(t));
  const y = yearOf(p);
  const m = monthOf(p);
  const d = dayOf(p);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  return makeTime(ny, nm, Math.min(d, daysInMonth(ny, nm)), secondOfDay(t));
}

export function addDays(t: Time, days: number): Time {
  return t + days * SECONDS_PER_DAY;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z)?$/;

/** Parses 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DDTHH:mm:ss'; undefined if invalid. */
export function parseTime(text: string): Time | undefined {
  const m = ISO_TIME.exec(text.trim());
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return makeTime(year, month, day, hour * 3600 + minute * 60 + second);
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

const formattedDays = new Map<number, string>();

function formatDay(days: number): string {
  let text = formattedDays.get(days);
  if (text === undefined) {
    const p = civil(days);
    text = `${String(yearOf(p)).padStart(4, '0')}-${pad2(monthOf(p))}-${pad2(dayOf(p))}`;
    if (formattedDays.size > 100_000) formattedDays.clear();
    formattedDays.set(days, text);
  }
  return text;
}

// Direct-mapped like the civil-date cache: an array slot per day number modulo 2^14, not a
// Map (a hash lookup per output record was 5 % of a commodity's evaluation).
const midnightDays = new Int32Array(1 << CACHE_BITS).fill(-0x7fffffff);
const midnightTexts: string[] = new Array<string>(1 << CACHE_BITS).fill('');

/** 'YYYY-MM-DDT00:00' of a day number, kept whole: most event times are midnights. */
function formatMidnight(days: number): string {
  const slot = days & CACHE_MASK;
  if (midnightDays[slot] === days) return midnightTexts[slot] as string;
  const text = `${formatDay(days)}T00:00`;
  // Only day numbers an Int32Array holds exactly are kept (NaN would be stored as day 0).
  if ((days | 0) === days) {
    midnightDays[slot] = days;
    midnightTexts[slot] = text;
  }
  return text;
}

/** ISO local date-time 'YYYY-MM-DDTHH:mm', with ':ss' only when seconds are non-zero. */
export function formatTime(t: Time): string {
  const s = secondOfDay(t);
  if (s === 0) return formatMidnight(dayNumber(t));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const base = `${formatDay(dayNumber(t))}T${pad2(hh)}:${pad2(mm)}`;
  return ss === 0 ? base : `${base}:${pad2(ss)}`;
}
