import { addDays, addMonths, type Time } from './datetime.js';

/** An ISO 8601 period reduced to months and days (Y, Q and H become months, W days). */
export interface Period {
  months: number;
  days: number;
}

/** An ACTUS cycle: period plus stub rule (`L0` long last stub, `L1` short last stub). */
export interface Cycle extends Period {
  stub: 'long' | 'short';
}

const PERIOD = /^P(\d+)([DWMQHY])$/;
const CYCLE = /^P(\d+)([DWMQHY])(?:L([01]))?$/;
const UNIT_MONTHS: Record<string, number> = { M: 1, Q: 3, H: 6, Y: 12 };

function toPeriod(count: number, unit: string): Period {
  if (unit === 'D') return { months: 0, days: count };
  if (unit === 'W') return { months: 0, days: 7 * count };
  return { months: count * (UNIT_MONTHS[unit] as number), days: 0 };
}

/** Parses a period such as 'P2D' or 'P1M' (a trailing stub is tolerated and ignored). */
export function parsePeriod(text: string): Period | undefined {
  const m = PERIOD.exec(text) ?? CYCLE.exec(text);
  return m ? toPeriod(Number(m[1]), m[2] as string) : undefined;
}

/** Parses a cycle such as 'P1ML0' (positive length); without stub the long stub is assumed. */
export function parseCycle(text: string): Cycle | undefined {
  const m = CYCLE.exec(text);
  // A zero-length cycle would never advance a schedule.
  if (!m || Number(m[1]) === 0) return undefined;
  return { ...toPeriod(Number(m[1]), m[2] as string), stub: m[3] === '1' ? 'short' : 'long' };
}

/** t plus `times` periods, months first then days (java.time semantics). */
export function addPeriod(t: Time, period: Period, times = 1): Time {
  let r = t;
  if (period.months !== 0) r = addMonths(r, period.months * times);
  if (period.days !== 0) r = addDays(r, period.days * times);
  return r;
}

export function subtractPeriod(t: Time, period: Period): Time {
  return addPeriod(t, period, -1);
}

export function isZeroPeriod(period: Period): boolean {
  return period.months === 0 && period.days === 0;
}
