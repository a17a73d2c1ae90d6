import type { BrowsableRow } from './browse';

export interface MarketplaceSummary {
  listed: number;
  /** Mean yield in percent over rows that have one; null when none has. */
  averageYield: number | null;
  /** Instruments with at least one trade in the last 24 hours. */
  tradedToday: number;
  issuers: number;
}

/** The marketplace's summary cards, computed from the listed rows only. */
export function summarizeMarket(rows: readonly BrowsableRow[]): MarketplaceSummary {
  const yields = rows.map((row) => row.yield).filter((value): value is number => value !== null);
  return {
    listed: rows.length,
    averageYield: yields.length === 0 ? null : yields.reduce((sum, value) => sum + value, 0) / yields.length,
    tradedToday: rows.filter((row) => Number(row.volume24h) > 0).length,
    issuers: new Set(rows.map((row) => row.issuerName).filter(Boolean)).size,
  };
}
