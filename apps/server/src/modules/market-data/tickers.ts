import { fromMinorUnits, marketDataSchema, type Ticker } from '@meridian/schemas';
import type { Db } from '../../db/client';
import { VersionedCache } from '../../db/reference-version';
import { StampedAnswer } from '../../db/stamped-answer';
import { versionedTradeWindows } from '../../db/trade-window';
import { fastSerializer, KeptJson } from '../../fast-serializer';
import { emptyStats, listedInstruments, tradeStatsOf, type ListedInstrument, type TradeStats } from './queries';

/** Percent change rounded to 2 decimals; null without a reference price. */
function percent(last: bigint, reference: bigint): number {
  return Math.round(Number(((last - reference) * 1_000_000n) / reference) / 100) / 100;
}

const price = (v: bigint | null | undefined) => (v === null || v === undefined || v === 0n ? null : fromMinorUnits(v));

export function toTicker(
  instrument: ListedInstrument,
  stats: TradeStats,
  best: { bid: number; ask: number } | null,
): Ticker {
  const change =
    stats.lastPrice !== null && stats.referencePrice !== null ? stats.lastPrice - stats.referencePrice : null;
  return {
    instrumentId: instrument.id,
    name: instrument.name,
    currency: instrument.currency,
    lastPrice: price(stats.lastPrice),
    change: change === null ? null : fromMinorUnits(change),
    changePercent: change === null || !stats.referencePrice ? null : percent(stats.lastPrice!, stats.referencePrice),
    bestBid: price(best ? BigInt(best.bid) : null),
    bestAsk: price(best ? BigInt(best.ask) : null),
    volume24h: Number(stats.volume24h),
    turnover24h: fromMinorUnits(stats.turnover24h),
    high24h: price(stats.high24h),
    low24h: price(stats.low24h),
    trades24h: stats.trades24h,
  };
}

/** What tickers read from the live order books; the trading module provides it (market-data never imports trading). */
export interface BookQuotes {
  /** Best bid and ask in minor units, or null when this instance does not hold the book. */
  bestPrices(instrumentId: string): { bid: number; ask: number } | null;
}

/** The listing (id, name, currency, oldest first) per reference version (decision 0067). */
const listings = new VersionedCache<ListedInstrument[]>();

/**
 * Tickers of every instrument, or of one: ONE statement per call (the trade windows and the
 * reference version, db/trade-window.ts); the listing comes from the cache of that version,
 * best bid and ask from the books in memory.
 */
export async function tickers(db: Db, trading: BookQuotes, instrumentId?: string): Promise<Ticker[]> {
  const { version, windows } = await versionedTradeWindows(db, instrumentId ? [instrumentId] : undefined);
  const listing = await listings.get(db, version, () => listedInstruments(db));
  const listed = instrumentId === undefined ? listing : listing.filter((i) => i.id === instrumentId);
  const stats = tradeStatsOf(windows);
  return listed.map((i) => toTicker(i, stats.get(i.id) ?? emptyStats(), trading.bestPrices(i.id)));
}

type Best = { bid: number; ask: number } | null;
const sameBest = (a: Best, b: Best) => a === b || (a !== null && b !== null && a.bid === b.bid && a.ask === b.ask);

/** The tickers of one snapshot of the trades, and their text at the best prices last seen. */
interface TickerBoard {
  listing: ListedInstrument[];
  stats: Map<string, TradeStats>;
  bests: Best[];
  text: KeptJson | null;
}

const writeTickers = fastSerializer(marketDataSchema);

const boards = new StampedAnswer<TickerBoard>(async (db) => {
  const { windows, stableUntil, ...stamp } = await versionedTradeWindows(db);
  const listing = await listings.get(db, stamp.version, () => listedInstruments(db));
  return { stamp, until: stableUntil, value: { listing, stats: tradeStatsOf(windows), bests: [], text: null } };
});

/**
 * `GET /api/market-data` as JSON text, the same for every caller: the trade figures kept per
 * state of the trades and reference data (db/stamped-answer.ts, decision 0077), so a request
 * costs one small statement until a trade commits or one leaves the 24-hour window; the text
 * is written again only when a best bid or ask moved in the books; its compressed forms are
 * kept with it (decision 0080).
 */
export async function tickersJson(db: Db, trading: BookQuotes): Promise<KeptJson> {
  const board = await boards.get(db);
  const bests = board.listing.map((i) => trading.bestPrices(i.id));
  if (board.text === null || bests.some((best, k) => !sameBest(best, board.bests[k]!))) {
    board.text = new KeptJson(
      writeTickers(board.listing.map((i, k) => toTicker(i, board.stats.get(i.id) ?? emptyStats(), bests[k]!))),
    );
    board.bests = bests;
  }
  return board.text;
}
