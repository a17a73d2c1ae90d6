import type { Ticker } from '@meridian/schemas';

export interface MarketOverview {
  listed: number;
  traded24h: number;
  trades24h: number;
  /** Instruments whose price moved in the last 24 h, largest move first. */
  movers: Ticker[];
}

/** Market Overview from the tickers: what is listed, what traded, and what moved most in 24 h. */
export function marketOverview(tickers: readonly Ticker[], moversShown: number): MarketOverview {
  const traded = tickers.filter((t) => t.trades24h > 0);
  return {
    listed: tickers.length,
    traded24h: traded.length,
    trades24h: traded.reduce((sum, t) => sum + t.trades24h, 0),
    movers: traded
      .filter((t) => t.changePercent !== null && t.changePercent !== 0)
      .sort((a, b) => Math.abs(b.changePercent!) - Math.abs(a.changePercent!) || b.trades24h - a.trades24h)
      .slice(0, moversShown),
  };
}
