import { SHOCK_TENORS, type Scenario } from './factors';

// Historical scenarios from the real daily histories: for day t and horizon h, the change of
// every factor between t−h and t applied to today's factors (absolute change for rates,
// relative for FX). The USD Treasury par-yield changes shock EVERY currency's curve: other
// currencies have no curve history on the platform, so their curves are "USD + constant basis"
// and move with USD (packages/risk/README.md). Credit spreads have no licensed history: they
// are not shocked historically, and the result says so.

/** One Treasury day: par yields in percent on SHOCK_TENORS (null = not published that day). */
export interface CurveObservation {
  date: string;
  yieldsPercent: readonly (number | null)[];
}

/** One FX day: USD per 1 unit of each currency on that date. */
export interface FxObservation {
  date: string;
  usdPerUnit: Readonly<Record<string, number>>;
}

export interface HistoricalScenario extends Scenario {
  /** Start and end date of the change. */
  from: string;
  to: string;
}

/** Change per tenor in bp; a tenor missing at either end takes the nearest tenor's change (e.g. 30 Yr 2002–2006). */
export function curveChangeBp(from: CurveObservation, to: CurveObservation): number[] | null {
  const raw = SHOCK_TENORS.map((_, k) => {
    const a = from.yieldsPercent[k];
    const b = to.yieldsPercent[k];
    return a == null || b == null ? null : (b - a) * 100;
  });
  if (raw.every((x) => x === null)) return null;
  return raw.map((value, k) => value ?? nearest(raw, k));
}

function nearest(values: readonly (number | null)[], k: number): number {
  for (let d = 1; d < values.length; d++) {
    const below = values[k - d];
    if (below != null) return below;
    const above = values[k + d];
    if (above != null) return above;
  }
  return 0;
}

/** FX rates on or before each date (FX and Treasury holidays differ). */
function fxOnOrBefore(fx: readonly FxObservation[]) {
  let i = 0;
  return (date: string): FxObservation | null => {
    while (i + 1 < fx.length && fx[i + 1]!.date <= date) i += 1;
    return fx[i] && fx[i]!.date <= date ? fx[i]! : null;
  };
}

function fxChange(from: FxObservation | null, to: FxObservation | null): Record<string, number> {
  const out: Record<string, number> = {};
  if (!from || !to) return out;
  for (const [ccy, value] of Object.entries(to.usdPerUnit)) {
    const before = from.usdPerUnit[ccy];
    if (before && value) out[ccy] = value / before - 1;
  }
  return out;
}

/**
 * The last `count` overlapping h-day changes ending on or before `until` (all when absent),
 * oldest first. Curve days are the Treasury publication days.
 */
export function historicalScenarios(
  curves: readonly CurveObservation[],
  fx: readonly FxObservation[],
  options: { horizonDays: number; count: number; until?: string },
): HistoricalScenario[] {
  const days = options.until ? curves.filter((c) => c.date <= options.until!) : curves;
  const h = options.horizonDays;
  const first = Math.max(h, days.length - options.count);
  const fxAt = fxOnOrBefore(fx);
  const out: HistoricalScenario[] = [];
  const fxByIndex = new Map<number, FxObservation | null>();
  for (let i = first - h; i < days.length; i++) fxByIndex.set(i, fxAt(days[i]!.date));
  for (let i = first; i < days.length; i++) {
    const from = days[i - h]!;
    const to = days[i]!;
    const shift = curveChangeBp(from, to);
    if (!shift) continue;
    out.push({
      name: `${from.date} → ${to.date}`,
      from: from.date,
      to: to.date,
      rateShiftBp: shift,
      fxReturn: fxChange(fxByIndex.get(i - h) ?? null, fxByIndex.get(i) ?? null),
    });
  }
  return out;
}

/** The change between two dates (a historical stress window), or null when the data does not cover it. */
export function windowScenario(
  name: string,
  curves: readonly CurveObservation[],
  fx: readonly FxObservation[],
  from: string,
  to: string,
): HistoricalScenario | null {
  const start = [...curves].reverse().find((c) => c.date <= from);
  const end = [...curves].reverse().find((c) => c.date <= to);
  if (!start || !end || start.date >= end.date) return null;
  const shift = curveChangeBp(start, end);
  if (!shift) return null;
  const fxStart = [...fx].reverse().find((r) => r.date <= from) ?? null;
  const fxEnd = [...fx].reverse().find((r) => r.date <= to) ?? null;
  return { name, from: start.date, to: end.date, rateShiftBp: shift, fxReturn: fxChange(fxStart, fxEnd) };
}

/** Adds each traded-price return over the scenario's dates (closes on or before them); ids without both closes are left out. */
export function withPriceReturns(
  scenarios: readonly HistoricalScenario[],
  closes: Readonly<Record<string, readonly { date: string; price: number }[]>>,
): HistoricalScenario[] {
  const at = (series: readonly { date: string; price: number }[], date: string) =>
    [...series].reverse().find((c) => c.date <= date)?.price;
  return scenarios.map((scenario) => {
    const priceReturn: Record<string, number> = {};
    for (const [id, series] of Object.entries(closes)) {
      const a = at(series, scenario.from);
      const b = at(series, scenario.to);
      if (a && b && series.some((c) => c.date > scenario.from && c.date <= scenario.to)) priceReturn[id] = b / a - 1;
    }
    return Object.keys(priceReturn).length ? { ...scenario, priceReturn } : scenario;
  });
}
