import type { MyTrade, PortfolioAnalytics } from '@meridian/schemas';

export type HoldingShare = { name: string; value: number; percent: number };

/**
 * Holdings Distribution: positions and cash in the portfolio's reporting currency as shares
 * of their total market value, largest first. Holdings in other currencies are not
 * converted (the server does not convert them either), so they are counted apart.
 * Shares are display-only, hence plain numbers.
 */
export function holdingShares(analytics: PortfolioAnalytics): { shares: HoldingShare[]; otherCurrencies: number } {
  const { currency } = analytics;
  const positions = analytics.positions.filter((p) => p.units > 0);
  const cash = analytics.cash.filter((c) => Number(c.total) > 0);
  const rows = [
    ...positions
      .filter((p) => p.currency === currency)
      .map((p) => ({ name: p.instrumentName, value: Number(p.marketValue) })),
    ...cash
      .filter((c) => c.currency === currency)
      .map((c) => ({ name: `Cash (${c.currency})`, value: Number(c.total) })),
  ].filter((r) => r.value > 0);
  const otherCurrencies =
    positions.filter((p) => p.currency !== currency).length + cash.filter((c) => c.currency !== currency).length;
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  const shares = rows.map((r) => ({ ...r, percent: (r.value / total) * 100 })).sort((a, b) => b.value - a.value);
  return { shares, otherCurrencies };
}

/** The user's most recent trades, newest first. */
export function recentTransactions(trades: readonly MyTrade[], limit: number): MyTrade[] {
  return [...trades].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, limit);
}
