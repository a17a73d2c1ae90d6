// VaR backtesting (Basel 1996 supervisory framework): compare each day's 99 % 1-day VaR with
// the P&L that followed; an exception is a loss larger than the VaR. Kupiec's proportion-of-
// failures test checks whether the exception rate fits 1 − α.

export interface BacktestDay {
  date: string;
  /** 1-day VaR at the confidence tested (positive loss) as computed before the day. */
  var: number;
  /** The P&L of the day (gains positive). */
  pnl: number;
}

export type TrafficLight = 'green' | 'yellow' | 'red';

export interface BacktestResult {
  days: number;
  exceptions: number;
  exceptionDates: string[];
  /** Kupiec likelihood ratio (χ² with 1 degree of freedom); null without days. */
  kupiecLr: number | null;
  /** True when LR > 3.841 (rejected at 95 %). */
  kupiecRejected: boolean;
  zone: TrafficLight;
  /** Basel plus factor added to the multiplier of 3 (yellow 0.40–0.85, red 1.0). */
  plusFactor: number;
}

const xLogY = (x: number, y: number) => (x === 0 ? 0 : x * Math.log(y));

/** Kupiec POF: LR = −2 ln[(1−p)^(T−x) p^x] + 2 ln[(1−x/T)^(T−x) (x/T)^x]; 0·ln 0 taken as 0. */
export function kupiecPof(days: number, exceptions: number, confidence = 0.99): number {
  if (days <= 0 || exceptions < 0 || exceptions > days) throw new RangeError('need 0 <= exceptions <= days, days > 0');
  const p = 1 - confidence;
  const rate = exceptions / days;
  const restricted = xLogY(days - exceptions, 1 - p) + xLogY(exceptions, p);
  const unrestricted = xLogY(days - exceptions, 1 - rate) + xLogY(exceptions, rate);
  return -2 * restricted + 2 * unrestricted;
}

/** Basel zones for 250 days at 99 %: green 0–4, yellow 5–9, red ≥ 10 (scaled for other lengths). */
export function trafficLight(exceptions: number, days = 250): { zone: TrafficLight; plusFactor: number } {
  const scaled = Math.round((exceptions * 250) / Math.max(days, 1));
  if (scaled <= 4) return { zone: 'green', plusFactor: 0 };
  if (scaled >= 10) return { zone: 'red', plusFactor: 1 };
  return { zone: 'yellow', plusFactor: [0.4, 0.5, 0.65, 0.75, 0.85][scaled - 5]! };
}

/** Backtests the last `window` days (250 by default). */
export function backtestVar(history: readonly BacktestDay[], confidence = 0.99, window = 250): BacktestResult {
  const days = history.slice(-window);
  const failures = days.filter((d) => -d.pnl > d.var);
  const lr = days.length ? kupiecPof(days.length, failures.length, confidence) : null;
  return {
    days: days.length,
    exceptions: failures.length,
    exceptionDates: failures.map((d) => d.date),
    kupiecLr: lr,
    kupiecRejected: lr !== null && lr > 3.841,
    ...trafficLight(failures.length, days.length || 250),
  };
}
