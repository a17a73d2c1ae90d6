import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../../db/client';
import type { TradeFact } from '../rules';

// The trade reads every rule group shares: a participant is the user's organisation, or the user.

export const PARTICIPANT = (alias: string) =>
  sql.raw(`coalesce(${alias}.organisation_id::text, 'user:' || ${alias}.id::text)`);

export interface TradeRecord {
  id: string;
  sequence: string;
  instrumentId: string;
  price: string;
  quantity: string;
  takerSide: 'buy' | 'sell';
  at: string;
  buyOrderId: string;
  sellOrderId: string;
  buyerId: string;
  sellerId: string;
  buyer: string;
  seller: string;
}

export const TRADE_COLUMNS = sql`t.id, t.sequence::text as sequence, t.instrument_id as "instrumentId", t.price::text as price,
  t.quantity::text as quantity, t.taker_side as "takerSide", (extract(epoch from t.created_at) * 1000)::bigint::text as at,
  t.buy_order_id as "buyOrderId", t.sell_order_id as "sellOrderId", t.buyer_id as "buyerId", t.seller_id as "sellerId",
  ${PARTICIPANT('bu')} as buyer, ${PARTICIPANT('su')} as seller`;
export const TRADE_FROM = sql`from trades t join users bu on bu.id = t.buyer_id join users su on su.id = t.seller_id`;

export function toFact(r: TradeRecord): TradeFact {
  return {
    ...r,
    sequence: BigInt(r.sequence),
    price: BigInt(r.price),
    quantity: BigInt(r.quantity),
    at: Number(r.at),
  };
}

/**
 * The next trades after the cursor (at most `limit`), stopping before the first one made after
 * `cutoffMs` (still too young for the group): the sequence order is the cursor's order. The stop
 * is found in the database, so a lagging group (spoofing 30 s, marking the close 10 minutes behind
 * the newest trades) does not read a full batch of trades to keep the few old enough.
 */
export async function tradesAfter(tx: Tx, after: bigint, limit: number, cutoffMs: number): Promise<TradeFact[]> {
  const rows = await selectRows<TradeRecord>(
    tx,
    sql`with next as (
          select n.sequence, n.created_at from trades n where n.sequence > ${after.toString()}::bigint
          order by n.sequence limit ${limit}),
        young as (select min(sequence) as sequence from next where created_at > ${new Date(cutoffMs).toISOString()}::timestamptz)
        select ${TRADE_COLUMNS} ${TRADE_FROM}
        where t.sequence > ${after.toString()}::bigint and t.sequence <= (select max(sequence) from next)
          and (t.sequence < (select sequence from young) or (select sequence from young) is null)
        order by t.sequence`,
  );
  return rows.map(toFact);
}

/** One instrument's trades in [fromMs, toMs) by sequence, up to sequence `upTo` (null: all of them). */
export async function instrumentTrades(
  tx: Tx,
  instrumentId: string,
  fromMs: number,
  toMs: number,
  upTo: bigint | null,
) {
  const rows = await selectRows<TradeRecord>(
    tx,
    sql`select ${TRADE_COLUMNS} ${TRADE_FROM}
        where t.instrument_id = ${instrumentId} and t.created_at >= ${new Date(fromMs).toISOString()}::timestamptz
          and t.created_at < ${new Date(toMs).toISOString()}::timestamptz
          ${upTo === null ? sql`` : sql`and t.sequence <= ${upTo.toString()}::bigint`}
        order by t.sequence`,
  );
  return rows.map(toFact);
}

export async function lastPriceBefore(tx: Tx, instrumentId: string, beforeMs: number): Promise<bigint | null> {
  const [row] = await selectRows<{ price: string }>(
    tx,
    sql`select price::text as price from trades where instrument_id = ${instrumentId}
        and created_at < ${new Date(beforeMs).toISOString()}::timestamptz order by created_at desc, sequence desc limit 1`,
  );
  return row ? BigInt(row.price) : null;
}

export const byInstrument = (batch: TradeFact[]) => {
  const groups = new Map<string, TradeFact[]>();
  for (const t of batch) {
    const group = groups.get(t.instrumentId);
    if (group) group.push(t);
    else groups.set(t.instrumentId, [t]);
  }
  return groups;
};
