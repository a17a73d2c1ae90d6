import type { InstrumentListItem, Ticker } from '@meridian/schemas';
import { MARKET_WATCH_SIZE } from '../constants';

export type WatchRow = {
  id: string;
  name: string;
  contractType: string;
  currency: string;
  /** Last trade price; before the first trade, the instrument's own (model or issue) price. */
  price: string | null;
  /** 24h change in percent; null when nothing traded in the window. */
  changePercent: number | null;
  /** True when `price` is a traded price. */
  traded: boolean;
};

/** Market Watch: the first instruments (SPEC §9: 12), priced from the live tickers. */
export function marketWatchRows(instruments: InstrumentListItem[], tickers: Ticker[] | undefined): WatchRow[] {
  const byId = new Map((tickers ?? []).map((t) => [t.instrumentId, t]));
  return instruments.slice(0, MARKET_WATCH_SIZE).map((instrument) => {
    const ticker = byId.get(instrument.id);
    const last = ticker?.lastPrice ?? null;
    return {
      id: instrument.id,
      name: instrument.name,
      contractType: instrument.contractType,
      currency: instrument.currency,
      price: last ?? instrument.price,
      changePercent: ticker ? ticker.changePercent : null,
      traded: last !== null,
    };
  });
}

/** The price an order without a typed price is estimated at (SPEC §4 'current price'). */
export function currentPrice(instrument: InstrumentListItem | undefined, ticker: Ticker | undefined): string | null {
  return ticker?.lastPrice ?? instrument?.price ?? null;
}
