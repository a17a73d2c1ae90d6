import { CANDLE_INTERVALS, fromMinorUnits, type Candle, type CandleInterval } from '@meridian/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db } from '../../db/client';
import { tradeWindows, type TradeWindow } from '../../db/trade-window';
import { instruments, trades } from '../../db/schema';

export interface TradeStats {
  lastPrice: bigint | null;
  /** Last price at the start of the 24-hour window (or the first trade inside it). */
  referencePrice: bigint | null;
  volume24h: bigint;
  turnover24h: bigint;
  high24h: bigint | null;
  low24h: bigint | null;
  trades24h: number;
}

const EMPTY: TradeStats = {
  lastPrice: null,
  referencePrice: null,
  volume24h: 0n,
  turnover24h: 0n,
  high24h: null,
  low24h: null,
  trades24h: 0,
};

/**
 * Last price and 24-hour statistics of the given instruments (all when omitted), from the
 * read models kept as trades commit (db/trade-window.ts, decision 0056): the cost follows the
 * number of instruments and the last hour's trades, not the trades table's history.
 */
export async function tradeStats(db: Db, instrumentIds?: string[], now = new Date()): Promise<Map<string, TradeStats>> {
  return tradeStatsOf(await tradeWindows(db, instrumentIds, now));
}

/** The tickers' figures from trade windows (db/trade-window.ts). */
export function tradeStatsOf(windows: Map<string, TradeWindow>): Map<string, TradeStats> {
  const stats = new Map<string, TradeStats>();
  for (const [id, w] of windows)
    stats.set(id, {
      lastPrice: w.lastPrice,
      referencePrice: w.priceBefore ?? w.firstInWindow,
      volume24h: w.volume,
      turnover24h: w.turnover,
      high24h: w.high,
      low24h: w.low,
      trades24h: w.trades,
    });
  return stats;
}

export function emptyStats(): TradeStats {
  return { ...EMPTY };
}

export const INTERVAL_SECONDS: Record<CandleInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
};

/** OHLCV candles of the last `limit` intervals that had trades, oldest first. */
export async function candles(
  db: Db,
  instrumentId: string,
  interval: CandleInterval,
  limit: number,
  now = new Date(),
): Promise<Candle[]> {
  if (!CANDLE_INTERVALS.includes(interval)) return [];
  const seconds = INTERVAL_SECONDS[interval];
  const currentStart = Math.floor(now.getTime() / 1000 / seconds) * seconds;
  const since = new Date((currentStart - (limit - 1) * seconds) * 1000);
  // Inlined (not a parameter) so GROUP BY sees the same expression as SELECT; `seconds` comes from the table above.
  const width = sql.raw(String(seconds));
  const bucket = sql<number>`(floor(extract(epoch from ${trades.createdAt}) / ${width}) * ${width})::bigint`;
  const rows = await db
    .select({
      bucket,
      open: sql<string>`(array_agg(${trades.price} order by ${trades.createdAt}, ${trades.sequence}))[1]`,
      high: sql<string>`max(${trades.price})`,
      low: sql<string>`min(${trades.price})`,
      close: sql<string>`(array_agg(${trades.price} order by ${trades.createdAt} desc, ${trades.sequence} desc))[1]`,
      volume: sql<string>`sum(${trades.quantity})`,
    })
    .from(trades)
    .where(and(eq(trades.instrumentId, instrumentId), sql`${trades.createdAt} >= ${since.toISOString()}`))
    .groupBy(bucket)
    .orderBy(asc(bucket));
  return rows.map((r) => ({
    time: new Date(Number(r.bucket) * 1000).toISOString(),
    open: fromMinorUnits(BigInt(r.open)),
    high: fromMinorUnits(BigInt(r.high)),
    low: fromMinorUnits(BigInt(r.low)),
    close: fromMinorUnits(BigInt(r.close)),
    volume: Number(r.volume),
  }));
}

export interface ListedInstrument {
  id: string;
  name: string;
  currency: string;
}

/** Instruments in listing order (oldest first, as the marketplace lists them). */
export async function listedInstruments(db: Db, instrumentId?: string): Promise<ListedInstrument[]> {
  return db
    .select({ id: instruments.id, name: instruments.name, currency: instruments.currency })
    .from(instruments)
    .where(instrumentId ? eq(instruments.id, instrumentId) : undefined)
    .orderBy(asc(instruments.createdAt), asc(instruments.id));
}
