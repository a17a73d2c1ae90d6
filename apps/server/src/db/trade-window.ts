import { sql } from 'drizzle-orm';
import { selectRows, type Db } from './client';
import { uuidArray } from './json-rows';
import { REFERENCE_VERSION } from './reference-version';

/** Last price and rolling 24-hour figures of one instrument that has traded. */
export interface TradeWindow {
  lastPrice: bigint;
  /** Last price before the window's start, else null. */
  priceBefore: bigint | null;
  /** First price inside the window, else null. */
  firstInWindow: bigint | null;
  volume: bigint;
  /** Sum of price x quantity, minor units. */
  turnover: bigint;
  high: bigint | null;
  low: bigint | null;
  trades: number;
}

const HOUR = 3_600_000;
const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string));

/**
 * Last price and the 24 hours up to `now` per instrument that has traded (all when `instrumentIds`
 * is omitted), from the read models of drizzle/0026 (decision 0056): the last trade from
 * `instrument_trade_stats`, the window from the `instrument_trade_hours` wholly inside it plus
 * an index range on the trades of the partial hour at its start, and the price before it by one
 * index probe. Nothing here reads more than an hour of trades, however long the history.
 */
export async function tradeWindows(
  db: Db,
  instrumentIds?: readonly string[],
  now = new Date(),
): Promise<Map<string, TradeWindow>> {
  if (instrumentIds?.length === 0) return new Map();
  return (await versionedTradeWindows(db, instrumentIds, now)).windows;
}

/**
 * `tradeWindows` and, read by the same statement (so no later than the windows), the reference
 * version (db/reference-version.ts) under which the caller may use its cached instruments.
 */
export async function versionedTradeWindows(
  db: Db,
  instrumentIds?: readonly string[],
  now = new Date(),
): Promise<{ version: bigint; windows: Map<string, TradeWindow> }> {
  const since = new Date(now.getTime() - 24 * HOUR);
  const edge = new Date(Math.ceil(since.getTime() / HOUR) * HOUR);
  const scope = instrumentIds ? sql`s.instrument_id = any(${uuidArray(instrumentIds)})` : sql`true`;
  const rows = await selectRows<Record<string, string | null>>(
    db,
    sql`select v.version::text as version, s.instrument_id::text as id, s.last_price::text as last, b.price::text as before,
        e.first::text as e_first, e.volume::text as e_volume, e.turnover::text as e_turnover,
        e.high::text as e_high, e.low::text as e_low, e.n::text as e_n,
        h.first::text as h_first, h.volume::text as h_volume, h.turnover::text as h_turnover,
        h.high::text as h_high, h.low::text as h_low, h.n::text as h_n
      from (select ${REFERENCE_VERSION} as version) v
      left join instrument_trade_stats s on ${scope}
      left join lateral (select t.price from trades t where t.instrument_id = s.instrument_id and t.created_at < ${since.toISOString()}
        order by t.created_at desc, t.sequence desc limit 1) b on true
      left join lateral (select (array_agg(t.price order by t.created_at, t.sequence))[1] as first, sum(t.quantity) as volume,
          sum(t.price::numeric * t.quantity) as turnover, max(t.price) as high, min(t.price) as low, count(*) as n
        from trades t where t.instrument_id = s.instrument_id
          and t.created_at >= ${since.toISOString()} and t.created_at < ${edge.toISOString()}) e on true
      left join lateral (select (array_agg(h.first_price order by h.hour))[1] as first, sum(h.volume) as volume,
          sum(h.turnover) as turnover, max(h.high) as high, min(h.low) as low, sum(h.trades) as n
        from instrument_trade_hours h where h.instrument_id = s.instrument_id and h.hour >= ${edge.toISOString()}) h on true`,
  );
  const windows = new Map<string, TradeWindow>();
  for (const r of rows) {
    if (r.id === null) continue;
    const edgeTrades = Number(r.e_n ?? 0);
    const hourTrades = Number(r.h_n ?? 0);
    const high = [big(r.e_high), big(r.h_high)].filter((v): v is bigint => v !== null);
    const low = [big(r.e_low), big(r.h_low)].filter((v): v is bigint => v !== null);
    windows.set(r.id!, {
      lastPrice: BigInt(r.last!),
      priceBefore: big(r.before),
      firstInWindow: edgeTrades > 0 ? big(r.e_first) : hourTrades > 0 ? big(r.h_first) : null,
      volume: (big(r.e_volume) ?? 0n) + (big(r.h_volume) ?? 0n),
      turnover: (big(r.e_turnover) ?? 0n) + (big(r.h_turnover) ?? 0n),
      high: high.length === 0 ? null : high.reduce((a, b) => (b > a ? b : a)),
      low: low.length === 0 ? null : low.reduce((a, b) => (b < a ? b : a)),
      trades: edgeTrades + hourTrades,
    });
  }
  return { version: BigInt(rows[0]!.version!), windows };
}
