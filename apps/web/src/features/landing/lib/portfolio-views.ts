import type { MyTrade } from '@meridian/schemas';

/** The user's most recent trades, newest first. */
export function recentTransactions(trades: readonly MyTrade[], limit: number): MyTrade[] {
  return [...trades].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, limit);
}
