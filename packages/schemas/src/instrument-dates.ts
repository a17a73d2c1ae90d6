// Calendar-day arithmetic for building ACTUS schedules from the wizard's YYYY-MM-DD dates (UTC, no time zones).

const MONTHS_PER_CYCLE = { P1M: 1, P3M: 3, P6M: 6, P1Y: 12, P2Y: 24 } as const;
export type CycleCode = keyof typeof MONTHS_PER_CYCLE;

/** Months between two payments of a frequency code such as 'P6M'. */
export function cycleMonths(cycle: CycleCode): number {
  return MONTHS_PER_CYCLE[cycle];
}

function parseDay(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

function formatDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Adds calendar months, clamping to the month's last day (2024-01-31 + 1M = 2024-02-29), like ACTUS's SD convention. */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = parseDay(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return formatDay(year, month, Math.min(d, lastDay));
}

/** Adds calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Dates of a cycle from `anchor` (included) up to `end` (included), each computed from the
 * anchor so that month-end clamping does not drift (Jan 31, Feb 29, Mar 31, ...).
 */
export function cycleDates(anchor: string, cycle: CycleCode, end: string): string[] {
  const dates: string[] = [];
  for (let k = 0; ; k += 1) {
    const next = addMonths(anchor, k * cycleMonths(cycle));
    if (next > end) return dates;
    dates.push(next);
  }
}

/** ACTUS timestamp of a calendar day at midnight, the form the official test files use. */
export function actusTimestamp(day: string): string {
  return `${day}T00:00:00`;
}
