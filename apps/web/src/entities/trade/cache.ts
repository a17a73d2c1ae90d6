import type { Trade } from '@meridian/schemas';

/** Trades kept in a cached trade list fed by the stream. */
const MAX_STREAMED_TRADES = 200;

/** Puts a trade first in a trade list unless it is already there. */
export function applyTrade(trades: Trade[] | undefined, trade: Trade): Trade[] | undefined {
  if (!trades || trades.some((t) => t.id === trade.id)) return trades;
  return [trade, ...trades].slice(0, Math.max(trades.length, MAX_STREAMED_TRADES));
}
