import type { InstrumentListItem, Ticker } from '@meridian/schemas';

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

/** What the Market Watch list is narrowed to: free text and a contract type ('all' for every type). */
export type WatchFilter = { search: string; contractType: string };

export const ALL_TYPES = 'all';

/** The contract types present in the list, sorted, for the type filter. */
export function contractTypesOf(instruments: InstrumentListItem[]): string[] {
  return [...new Set(instruments.map((i) => i.contractType))].sort();
}

function matches(instrument: InstrumentListItem, { search, contractType }: WatchFilter): boolean {
  if (contractType !== ALL_TYPES && instrument.contractType !== contractType) return false;
  const terms = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = [instrument.name, instrument.contractType, instrument.currency, instrument.issuerName ?? '']
    .join(' ')
    .toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/**
 * Market Watch: every listed instrument that matches the filter (name, type, currency or
 * issuer; every word must match), priced from the live tickers.
 */
export function marketWatchRows(
  instruments: InstrumentListItem[],
  tickers: Ticker[] | undefined,
  filter: WatchFilter = { search: '', contractType: ALL_TYPES },
): WatchRow[] {
  const byId = new Map((tickers ?? []).map((t) => [t.instrumentId, t]));
  return instruments
    .filter((instrument) => matches(instrument, filter))
    .map((instrument) => {
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
