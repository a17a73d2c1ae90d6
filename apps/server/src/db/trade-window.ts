import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from './client';
import { uuidArray } from './json-rows';
import { selectPrepared } from './prepared';
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
 * The state of the trades as the read models keep it: one text that changes with every commit
 * that adds trades (or rebuilds the read models), on any instance. Every such commit rewrites
 * the `instrument_trade_stats` row of each instrument it traded (drizzle/0026), and a rewritten
 * row carries its writer's transaction id (`xmin`), so the text is the stats rows' `xmin`s.
 * Reading it costs a scan of one row per traded instrument; writers pay nothing.
 */
const TRADE_STATE: SQL = sql`(select md5(coalesce(string_agg(s.xmin::text, ',' order by s.instrument_id), ''))
  from instrument_trade_stats s)`;

/** What a cached answer of the trade windows depends on besides time (decision 0077). */
export interface ReadStamp {
  /** The reference version (db/reference-version.ts). */
  version: bigint;
  /** The trades' state (TRADE_STATE). */
  trades: string;
}

/**
 * The current reference version and trades' state: one small statement, flat in history, run
 * prepared (decision 0080): it is the whole database cost of a request served from a kept
 * answer, and unnamed it took two round trips (Parse + Describe, then Bind + Execute) and a
 * parse and plan on the server every time.
 */
export async function readStamp(db: Db): Promise<ReadStamp> {
  const [row] = await selectPrepared<{ version: string; trades: string }>(
    db,
    sql`select ${REFERENCE_VERSION}::text as version, ${TRADE_STATE} as trades`,
  );
  return { version: BigInt(row!.version), trades: row!.trades };
}

/** Windows computed at one instant, with what they depend on. */
export interface StampedWindows extends ReadStamp {
  windows: Map<string, TradeWindow>;
  /**
   * Until this instant (ms since the epoch) the windows stay as computed unless the stamp
   * moves: the oldest trade inside any window leaves it 24 hours after its own time.
   */
  stableUntil: number;
}

/**
 * `tradeWindows` and, read by the same statement (so the same snapshot), the reference version
 * (db/reference-version.ts) under which the caller may use its cached instruments, the trades'
 * state and how long the windows hold without a new trade.
 */
export async function versionedTradeWindows(
  db: Db,
  instrumentIds?: readonly string[],
  now = new Date(),
): Promise<StampedWindows> {
  const since = new Date(now.getTime() - 24 * HOUR);
  const edge = new Date(Math.ceil(since.getTime() / HOUR) * HOUR);
  const scope = instrumentIds ? sql`s.instrument_id = any(${uuidArray(instrumentIds)})` : sql`true`;
  const rows = await selectRows<Record<string, string | null>>(
    db,
    sql`select v.version::text as version, v.trades, s.instrument_id::text as id, s.last_price::text as last, b.price::text as before,
        e.first::text as e_first, e.volume::text as e_volume, e.turnover::text as e_turnover,
        e.high::text as e_high, e.low::text as e_low, e.n::text as e_n,
        h.first::text as h_first, h.volume::text as h_volume, h.turnover::text as h_turnover,
        h.high::text as h_high, h.low::text as h_low, h.n::text as h_n,
        (extract(epoch from least(e.first_at, h.first_at)) * 1000)::text as first_at
      from (select ${REFERENCE_VERSION} as version, ${TRADE_STATE} as trades) v
      left join instrument_trade_stats s on ${scope}
      left join lateral (select t.price from trades t where t.instrument_id = s.instrument_id and t.created_at < ${since.toISOString()}
        order by t.created_at desc, t.sequence desc limit 1) b on true
      left join lateral (select (array_agg(t.price order by t.created_at, t.sequence))[1] as first, sum(t.quantity) as volume,
          sum(t.price::numeric * t.quantity) as turnover, max(t.price) as high, min(t.price) as low, count(*) as n,
          min(t.created_at) as first_at
        from trades t where t.instrument_id = s.instrument_id
          and t.created_at >= ${since.toISOString()} and t.created_at < ${edge.toISOString()}) e on true
      left join lateral (select (array_agg(h.first_price order by h.hour))[1] as first, sum(h.volume) as volume,
          sum(h.turnover) as turnover, max(h.high) as high, min(h.low) as low, sum(h.trades) as n,
          min(h.first_at) as first_at
        from instrument_trade_hours h where h.instrument_id = s.instrument_id and h.hour >= ${edge.toISOString()}) h on true`,
  );
  const windows = new Map<string, TradeWindow>();
  let stableUntil = Infinity;
  for (const r of rows) {
    if (r.id === null) continue;
    if (r.first_at !== null) stableUntil = Math.min(stableUntil, Number(r.first_at) + 24 * HOUR);
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
  return { version: BigInt(rows[0]!.version!), trades: rows[0]!.trades!, windows, stableUntil };
}
