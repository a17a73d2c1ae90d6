import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';

// Reads behind GET /api/liquidity/pools. Everything is grouped by instrument in SQL so the
// dashboard costs a handful of statements whatever the number of programmes and fills.

export interface ProgrammeRow {
  instrumentId: string;
  makerUserId: string;
  makerName: string;
  halfSpreadBp: number;
  status: 'active' | 'paused';
  instrumentName: string;
  currency: string;
}

export async function selectProgrammes(db: Db | Tx, makerUserId?: string): Promise<ProgrammeRow[]> {
  const rows = await selectRows<{
    instrument_id: string;
    maker_user_id: string;
    maker_name: string;
    half_spread_bp: number;
    status: 'active' | 'paused';
    name: string;
    currency: string;
  }>(
    db,
    sql`select p.instrument_id, p.maker_user_id, u.name as maker_name, p.half_spread_bp, p.status, i.name, i.currency
      from quoting_programmes p
      join instruments i on i.id = p.instrument_id
      join users u on u.id = p.maker_user_id
      where ${makerUserId ? sql`p.maker_user_id = ${makerUserId}` : sql`true`}
      order by i.name`,
  );
  return rows.map((r) => ({
    instrumentId: r.instrument_id,
    makerUserId: r.maker_user_id,
    makerName: r.maker_name,
    halfSpreadBp: Number(r.half_spread_bp),
    status: r.status,
    instrumentName: r.name,
    currency: r.currency,
  }));
}

export interface RestingQuotes {
  bidValue: bigint;
  askValue: bigint;
  bestBid: bigint | null;
  bestAsk: bigint | null;
}

/** The maker's open orders per instrument: value resting on each side and the best prices. */
export async function selectRestingQuotes(db: Db, makerUserId: string): Promise<Map<string, RestingQuotes>> {
  const rows = await selectRows<{
    instrument_id: string;
    bid_value: string;
    ask_value: string;
    best_bid: string | null;
    best_ask: string | null;
  }>(
    db,
    sql`select instrument_id,
        coalesce(sum(price * (quantity - filled_quantity)) filter (where side = 'buy'), 0)::text as bid_value,
        coalesce(sum(price * (quantity - filled_quantity)) filter (where side = 'sell'), 0)::text as ask_value,
        max(price) filter (where side = 'buy')::text as best_bid,
        min(price) filter (where side = 'sell')::text as best_ask
      from orders
      where user_id = ${makerUserId} and status = 'open' and price is not null
      group by instrument_id`,
  );
  return new Map(
    rows.map((r) => [
      r.instrument_id,
      {
        bidValue: BigInt(r.bid_value),
        askValue: BigInt(r.ask_value),
        bestBid: r.best_bid === null ? null : BigInt(r.best_bid),
        bestAsk: r.best_ask === null ? null : BigInt(r.best_ask),
      },
    ]),
  );
}

export interface FillStats {
  trades: number;
  volume: bigint;
  /** Σ |price - mid| x quantity signed in the maker's favour, over fills whose quote mid is known. */
  spreadEarnings: bigint;
  /** Units bought minus units sold. */
  netUnits: bigint;
  /** Cash received minus cash paid. */
  netCash: bigint;
}

/** The maker's fills since `since`, per instrument. */
export async function selectFillStats(db: Db, makerUserId: string, since: Date): Promise<Map<string, FillStats>> {
  const rows = await selectRows<{
    instrument_id: string;
    trades: string;
    volume: string;
    earnings: string;
    net_units: string;
    net_cash: string;
  }>(
    db,
    sql`select t.instrument_id, count(*)::text as trades,
        sum(t.price * t.quantity)::text as volume,
        coalesce(sum(case when t.buyer_id = ${makerUserId} then (q.mid - t.price) * t.quantity
                         else (t.price - q.mid) * t.quantity end) filter (where q.mid is not null), 0)::text as earnings,
        sum(case when t.buyer_id = ${makerUserId} then t.quantity else -t.quantity end)::text as net_units,
        sum(case when t.buyer_id = ${makerUserId} then -t.price * t.quantity else t.price * t.quantity end)::text as net_cash
      from trades t
      left join quote_mids q on q.order_id = case when t.buyer_id = ${makerUserId} then t.buy_order_id else t.sell_order_id end
      where (t.buyer_id = ${makerUserId} or t.seller_id = ${makerUserId}) and t.created_at >= ${since.toISOString()}
      group by t.instrument_id`,
  );
  return new Map(
    rows.map((r) => [
      r.instrument_id,
      {
        trades: Number(r.trades),
        volume: BigInt(r.volume),
        spreadEarnings: BigInt(r.earnings),
        netUnits: BigInt(r.net_units),
        netCash: BigInt(r.net_cash),
      },
    ]),
  );
}

export interface Marks {
  now: bigint | null;
  /** The last mid quoted at or before the window start, else the first one inside it. */
  windowStart: bigint | null;
}

/** Marks from the maker's own quote mids (the mid its quotes were placed around). */
export async function selectMarks(db: Db, makerUserId: string, since: Date): Promise<Map<string, Marks>> {
  const rows = await selectRows<{ instrument_id: string; mark_now: string | null; mark_start: string | null }>(
    db,
    sql`select q.instrument_id,
        (array_agg(q.mid order by o.sequence desc))[1]::text as mark_now,
        coalesce((array_agg(q.mid order by o.sequence desc) filter (where o.created_at <= ${since.toISOString()}))[1],
                 (array_agg(q.mid order by o.sequence asc))[1])::text as mark_start
      from quote_mids q join orders o on o.id = q.order_id
      where o.user_id = ${makerUserId}
      group by q.instrument_id`,
  );
  return new Map(
    rows.map((r) => [
      r.instrument_id,
      {
        now: r.mark_now === null ? null : BigInt(r.mark_now),
        windowStart: r.mark_start === null ? null : BigInt(r.mark_start),
      },
    ]),
  );
}

/** Units the maker holds per instrument (settled ledger balance). */
export async function selectInventory(db: Db, makerUserId: string): Promise<Map<string, bigint>> {
  const rows = await selectRows<{ asset: string; total: string }>(
    db,
    sql`select b.asset, b.total::text as total from balances b
      join ledger_accounts a on a.id = b.account_id
      where a.user_id = ${makerUserId} and b.asset_type = 'units'`,
  );
  return new Map(rows.map((r) => [r.asset, BigInt(r.total)]));
}

export interface MakerTradeRow {
  id: string;
  instrumentName: string;
  currency: string;
  side: 'buy' | 'sell';
  quantity: bigint;
  price: bigint;
  createdAt: Date;
}

export async function selectRecentMakerTrades(db: Db, makerUserId: string, limit: number): Promise<MakerTradeRow[]> {
  const rows = await selectRows<{
    id: string;
    name: string;
    currency: string;
    buyer_id: string;
    quantity: string;
    price: string;
    created_at: string | Date;
  }>(
    db,
    sql`select t.id, i.name, i.currency, t.buyer_id, t.quantity::text, t.price::text, t.created_at
      from trades t join instruments i on i.id = t.instrument_id
      where t.buyer_id = ${makerUserId} or t.seller_id = ${makerUserId}
      order by t.sequence desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    instrumentName: r.name,
    currency: r.currency,
    side: r.buyer_id === makerUserId ? 'buy' : 'sell',
    quantity: BigInt(r.quantity),
    price: BigInt(r.price),
    createdAt: new Date(r.created_at),
  }));
}
