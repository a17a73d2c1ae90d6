import { toMinorUnits } from '@meridian/schemas';

/** The fields of an instrument list row that the issuer's summary cards read. */
export interface SummaryInstrument {
  notionalAmount: string;
  currency: string;
  maturityDate: string | null;
  status: string;
}

export interface CurrencyTotal {
  currency: string;
  /** Integer hundredths. */
  minor: bigint;
}

const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;

/** Remaining life in years from `now` to a YYYY-MM-DD maturity (UTC midnight), never negative. */
export function remainingLifeYears(maturityDate: string, now: Date): number {
  const maturity = Date.parse(`${maturityDate}T00:00:00Z`);
  if (Number.isNaN(maturity)) return 0;
  return Math.max(0, (maturity - now.getTime()) / MS_PER_YEAR);
}

/**
 * Notional-weighted average remaining life in years over instruments that have a maturity.
 * Instruments without maturity (equities, perpetual swaps) have no remaining life to average,
 * so they are left out rather than counted as zero; the result is 0 when nothing qualifies.
 * Weights are notionals in their own currency: a duration-style statistic, not a money sum.
 */
export function averageMaturityYears(instruments: SummaryInstrument[], now: Date): number {
  let weighted = 0;
  let weights = 0;
  for (const instrument of instruments) {
    if (!instrument.maturityDate) continue;
    const notional = Number(toMinorUnits(instrument.notionalAmount) ?? 0n);
    if (notional <= 0) continue;
    weighted += notional * remainingLifeYears(instrument.maturityDate, now);
    weights += notional;
  }
  return weights === 0 ? 0 : weighted / weights;
}

/** '2.5 years' style label used by the Avg. Maturity card. */
export function formatYears(years: number): string {
  if (years === 0) return '0 years';
  const rounded = years.toFixed(1);
  return `${rounded} ${rounded === '1.0' ? 'year' : 'years'}`;
}

/**
 * Sums decimal amounts per currency in integer hundredths. Amounts in different currencies
 * are never added together; the largest total comes first.
 */
export function totalsByCurrency<T extends { currency: string }>(
  rows: T[],
  amountOf: (row: T) => string,
): CurrencyTotal[] {
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    const minor = toMinorUnits(amountOf(row)) ?? 0n;
    totals.set(row.currency, (totals.get(row.currency) ?? 0n) + minor);
  }
  return [...totals.entries()]
    .map(([currency, minor]) => ({ currency, minor }))
    .sort((a, b) => (a.minor === b.minor ? a.currency.localeCompare(b.currency) : a.minor > b.minor ? -1 : 1));
}

export function countActive(instruments: { status: string }[]): number {
  return instruments.filter((instrument) => instrument.status === 'active').length;
}
