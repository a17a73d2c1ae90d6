import type { PortfolioAnalytics } from '@meridian/schemas';

// Display views of GET /api/portfolio/analytics shared by the landing page and /investor.
// Shares are display-only, hence plain numbers; money stays a decimal string from the server.

/** `defaulted`: a position whose issuer missed a payment (instrument status `defaulted`). */
export type Share = { name: string; value: number; percent: number; defaulted?: boolean };

const percentOf = (rows: { name: string; value: number; defaulted?: boolean }[]): Share[] => {
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return rows
    .filter((r) => r.value > 0)
    .map((r) => ({ ...r, percent: (r.value / total) * 100 }))
    .sort((a, b) => b.value - a.value);
};

/** Held positions and cash with their value in the reporting currency (null: no FX rate). */
function holdings(analytics: PortfolioAnalytics) {
  return [
    ...analytics.positions
      .filter((p) => p.units > 0)
      .map((p) => ({
        name: p.instrumentName,
        currency: p.currency,
        contractType: p.contractType,
        value: p.reportingValue,
        defaulted: p.defaulted === true,
      })),
    ...analytics.cash
      .filter((c) => Number(c.total) > 0)
      .map((c) => ({
        name: `Cash (${c.currency})`,
        currency: c.currency,
        contractType: 'CASH' as const,
        value: c.reportingValue,
        defaulted: false,
      })),
  ];
}

/**
 * Holdings Distribution: every position and cash balance as a share of the portfolio's value in
 * the reporting currency, largest first. Holdings in a currency without an FX rate cannot be
 * weighed: their currencies are returned in `notConverted`, never silently dropped.
 */
export function holdingShares(analytics: PortfolioAnalytics): { shares: Share[]; notConverted: string[] } {
  const rows = holdings(analytics);
  const notConverted = [...new Set(rows.filter((r) => r.value == null).map((r) => r.currency))].sort();
  return {
    shares: percentOf(
      rows
        .filter((r) => r.value != null)
        .map((r) => ({ name: r.name, value: Number(r.value), ...(r.defaulted ? { defaulted: true } : {}) })),
    ),
    notConverted,
  };
}

/** SPEC §2 Portfolio Allocation classes, by ACTUS contract type. */
export const ASSET_CLASS: Record<string, 'Bonds' | 'Equities' | 'Derivatives' | 'Cash'> = {
  PAM: 'Bonds',
  ANN: 'Bonds',
  LAM: 'Bonds',
  STK: 'Equities',
  OPTNS: 'Derivatives',
  FUTUR: 'Derivatives',
  SWAPS: 'Derivatives',
  SWPPV: 'Derivatives',
  CEG: 'Derivatives',
  CASH: 'Cash',
};

/** Portfolio Allocation: Bonds, Equities, Derivatives and Cash as shares of the reporting-currency value. */
export function assetClassShares(analytics: PortfolioAnalytics): Share[] {
  const sums = new Map<string, number>();
  for (const row of holdings(analytics)) {
    if (row.value == null) continue;
    const cls = ASSET_CLASS[row.contractType ?? ''] ?? 'Other';
    sums.set(cls, (sums.get(cls) ?? 0) + Number(row.value));
  }
  return percentOf([...sums].map(([name, value]) => ({ name, value })));
}

/**
 * The largest `count - 1` holdings by name and the rest as "Other (n)" when there are more than
 * `count` (SPEC §2: Holdings Distribution of eight named holdings).
 */
export function topShares(shares: readonly Share[], count: number): Share[] {
  if (shares.length <= count) return [...shares];
  const rest = shares.slice(count - 1);
  return [
    ...shares.slice(0, count - 1),
    {
      name: `Other (${rest.length})`,
      value: rest.reduce((s, r) => s + r.value, 0),
      percent: rest.reduce((s, r) => s + r.percent, 0),
    },
  ];
}
