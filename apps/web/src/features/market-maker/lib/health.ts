import type { LiquidityPools } from '@meridian/schemas';

export type MarketHealth = { label: 'Healthy' | 'Thin' | 'Stressed' | 'No quotes'; detail: string };

/** Two-sided share at or above this (percent) with spreads at or below the next is Healthy. */
const HEALTHY_TWO_SIDED = 90;
const HEALTHY_SPREAD_BP = 50;
const THIN_TWO_SIDED = 60;

/**
 * Market Health from the programmes: how many pairs are quoted on both sides and how wide.
 * Thresholds are named here so the card and its test read the same rule.
 */
export function marketHealth(totals: LiquidityPools['totals']): MarketHealth {
  const spread = totals.averageSpreadBp;
  const detail = `${totals.twoSidedShare.toFixed(0)}% of pairs two-sided${spread === null ? '' : `, avg spread ${spread.toFixed(1)} bp`}`;
  if (totals.activePairs === 0) return { label: 'No quotes', detail };
  if (totals.twoSidedShare >= HEALTHY_TWO_SIDED && spread !== null && spread <= HEALTHY_SPREAD_BP)
    return { label: 'Healthy', detail };
  if (totals.twoSidedShare >= THIN_TWO_SIDED) return { label: 'Thin', detail };
  return { label: 'Stressed', detail };
}
