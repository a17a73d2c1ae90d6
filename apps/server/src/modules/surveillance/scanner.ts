import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';
import { surveillanceCursors } from '../../db/schema';
import { persistDetections } from './cases';
import {
  closingWindow,
  detectConcentration,
  detectMarkingClose,
  detectPriceRamping,
  detectSpoofing,
  detectWashTrades,
  RULE_PARAMETERS,
  type Detection,
  type OrderFact,
  type TakerShare,
  type TradeFact,
} from './rules';

// Runs the rules incrementally: each group of rules keeps a cursor over the trade sequence and
// reads only the trades after it, once they are old enough for the rule to judge them (a
// spoofing cancel can follow the fill by `cancelWithinMs`; a closing window must have closed).
// Cursor, cases and audit rows change in one transaction; the cursor row is locked, so two
// servers never judge the same trades twice.

/** Trades judged per transaction. */
export const SCAN_BATCH = 5_000;

interface RuleGroup {
  name: string;
  lagMs: number;
  detect(tx: Tx, batch: TradeFact[]): Promise<Detection[]>;
}

const PARTICIPANT = (alias: string) =>
  sql.raw(`coalesce(${alias}.organisation_id::text, 'user:' || ${alias}.id::text)`);

interface TradeRecord {
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

const TRADE_COLUMNS = sql`t.id, t.sequence::text as sequence, t.instrument_id as "instrumentId", t.price::text as price,
  t.quantity::text as quantity, t.taker_side as "takerSide", (extract(epoch from t.created_at) * 1000)::bigint::text as at,
  t.buy_order_id as "buyOrderId", t.sell_order_id as "sellOrderId", t.buyer_id as "buyerId", t.seller_id as "sellerId",
  ${PARTICIPANT('bu')} as buyer, ${PARTICIPANT('su')} as seller`;
const TRADE_FROM = sql`from trades t join users bu on bu.id = t.buyer_id join users su on su.id = t.seller_id`;

function toFact(r: TradeRecord): TradeFact {
  return {
    ...r,
    sequence: BigInt(r.sequence),
    price: BigInt(r.price),
    quantity: BigInt(r.quantity),
    at: Number(r.at),
  };
}

async function tradesAfter(tx: Tx, after: bigint, limit: number): Promise<TradeFact[]> {
  const rows = await selectRows<TradeRecord>(
    tx,
    sql`select ${TRADE_COLUMNS} ${TRADE_FROM} where t.sequence > ${after.toString()}::bigint order by t.sequence limit ${limit}`,
  );
  return rows.map(toFact);
}

async function instrumentTrades(tx: Tx, instrumentId: string, fromMs: number, toMs: number, upTo: bigint) {
  const rows = await selectRows<TradeRecord>(
    tx,
    sql`select ${TRADE_COLUMNS} ${TRADE_FROM}
        where t.instrument_id = ${instrumentId} and t.created_at >= ${new Date(fromMs).toISOString()}::timestamptz
          and t.created_at < ${new Date(toMs).toISOString()}::timestamptz and t.sequence <= ${upTo.toString()}::bigint
        order by t.sequence`,
  );
  return rows.map(toFact);
}

async function lastPriceBefore(tx: Tx, instrumentId: string, beforeMs: number): Promise<bigint | null> {
  const [row] = await selectRows<{ price: string }>(
    tx,
    sql`select price::text as price from trades where instrument_id = ${instrumentId}
        and created_at < ${new Date(beforeMs).toISOString()}::timestamptz order by created_at desc, sequence desc limit 1`,
  );
  return row ? BigInt(row.price) : null;
}

const byInstrument = (batch: TradeFact[]) => {
  const groups = new Map<string, TradeFact[]>();
  for (const t of batch) {
    const group = groups.get(t.instrumentId);
    if (group) group.push(t);
    else groups.set(t.instrumentId, [t]);
  }
  return groups;
};

async function flowRules(tx: Tx, batch: TradeFact[]): Promise<Detection[]> {
  const detections = detectWashTrades(batch);
  const window = RULE_PARAMETERS.price_ramping.windowMs;
  const lastSequence = batch.at(-1)!.sequence;
  for (const [instrumentId, trades] of byInstrument(batch)) {
    const start = trades[0]!.at - window;
    const history = await instrumentTrades(tx, instrumentId, start, trades.at(-1)!.at + 1, lastSequence);
    const before = await lastPriceBefore(tx, instrumentId, start);
    detections.push(...detectPriceRamping(trades, history, before));
  }
  detections.push(...detectConcentration(await takerShares(tx, batch)));
  return detections;
}

/** Aggressive quantity per participant, instrument and UTC day, for the days the batch touches. */
async function takerShares(tx: Tx, batch: TradeFact[]): Promise<TakerShare[]> {
  const keys = [...new Set(batch.map((t) => `${t.instrumentId}|${new Date(t.at).toISOString().slice(0, 10)}`))];
  const shares: TakerShare[] = [];
  const upTo = batch.at(-1)!.sequence.toString();
  for (const key of keys) {
    const [instrumentId, day] = key.split('|') as [string, string];
    const rows = await selectRows<{ participant: string; userId: string; taker: string; total: string; count: string }>(
      tx,
      sql`with day_trades as (
            select t.quantity, case when t.taker_side = 'buy' then t.buyer_id else t.seller_id end as taker_id
            from trades t where t.instrument_id = ${instrumentId} and t.sequence <= ${upTo}::bigint
              and t.created_at >= ${day}::date and t.created_at < ${day}::date + 1),
          totals as (select sum(quantity) as total, count(*) as count from day_trades)
          select ${PARTICIPANT('u')} as participant, min(u.id::text) as "userId", sum(d.quantity)::text as taker,
                 (select total from totals)::text as total, (select count from totals)::text as count
          from day_trades d join users u on u.id = d.taker_id group by 1`,
    );
    for (const r of rows)
      shares.push({
        instrumentId,
        day,
        participant: r.participant,
        userId: r.userId,
        takerQuantity: BigInt(r.taker),
        dayQuantity: BigInt(r.total),
        dayTrades: Number(r.count),
      });
  }
  return shares;
}

async function spoofingRule(tx: Tx, batch: TradeFact[]): Promise<Detection[]> {
  const within = RULE_PARAMETERS.spoofing.cancelWithinMs;
  const detections: Detection[] = [];
  for (const [instrumentId, trades] of byInstrument(batch)) {
    const from = new Date(trades[0]!.at).toISOString();
    const to = new Date(trades.at(-1)!.at + within).toISOString();
    const rows = await selectRows<Record<string, string | null>>(
      tx,
      sql`select o.id, o.user_id as "userId", ${PARTICIPANT('u')} as participant, o.instrument_id as "instrumentId",
            o.side, o.price::text as price, o.quantity::text as quantity, o.filled_quantity::text as "filledQuantity",
            o.status, (extract(epoch from o.created_at) * 1000)::bigint::text as "createdAt",
            (extract(epoch from o.updated_at) * 1000)::bigint::text as "updatedAt"
          from orders o join users u on u.id = o.user_id
          where o.instrument_id = ${instrumentId} and o.status = 'cancelled'
            and o.updated_at >= ${from}::timestamptz and o.updated_at <= ${to}::timestamptz
            and o.created_at <= ${to}::timestamptz`,
    );
    const orders: OrderFact[] = rows.map((r) => ({
      id: r.id!,
      userId: r.userId!,
      participant: r.participant!,
      instrumentId: r.instrumentId!,
      side: r.side as 'buy' | 'sell',
      price: r.price == null ? null : BigInt(r.price),
      quantity: BigInt(r.quantity!),
      filledQuantity: BigInt(r.filledQuantity!),
      status: r.status!,
      createdAt: Number(r.createdAt),
      updatedAt: Number(r.updatedAt),
    }));
    if (orders.length > 0) detections.push(...detectSpoofing(trades, orders));
  }
  return detections;
}

async function markingCloseRule(tx: Tx, batch: TradeFact[]): Promise<Detection[]> {
  const windowMs = RULE_PARAMETERS.marking_close.windowMs;
  const windows = new Map<string, { instrumentId: string; close: number }>();
  for (const t of batch) {
    const close = closingWindow(t.at);
    if (close !== null) windows.set(`${t.instrumentId}|${close}`, { instrumentId: t.instrumentId, close });
  }
  const detections: Detection[] = [];
  for (const { instrumentId, close } of windows.values()) {
    const trades = await instrumentTrades(tx, instrumentId, close - windowMs, close, batch.at(-1)!.sequence);
    detections.push(...detectMarkingClose(trades, await lastPriceBefore(tx, instrumentId, close - windowMs)));
  }
  return detections;
}

export const RULE_GROUPS: RuleGroup[] = [
  { name: 'flow', lagMs: 0, detect: flowRules },
  { name: 'spoofing', lagMs: RULE_PARAMETERS.spoofing.cancelWithinMs, detect: spoofingRule },
  { name: 'marking_close', lagMs: RULE_PARAMETERS.marking_close.windowMs, detect: markingCloseRule },
];

/** One pass of one rule group: judges up to SCAN_BATCH trades; returns how many it judged. */
export async function scanGroup(db: Db, group: RuleGroup, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(surveillanceCursors).values({ rule: group.name, lastSequence: 0n }).onConflictDoNothing();
    const [cursor] = await selectRows<{ last: string }>(
      tx,
      sql`select last_sequence::text as last from surveillance_cursors where rule = ${group.name} for update`,
    );
    const cutoff = now.getTime() - group.lagMs;
    const fetched = await tradesAfter(tx, BigInt(cursor!.last), SCAN_BATCH);
    // Stop at the first trade still too young: the sequence order is the cursor's order.
    const young = fetched.findIndex((t) => t.at > cutoff);
    const batch = young === -1 ? fetched : fetched.slice(0, young);
    if (batch.length === 0) return 0;
    await persistDetections(tx, await group.detect(tx, batch), now);
    await tx.execute(
      sql`update surveillance_cursors set last_sequence = ${batch.at(-1)!.sequence.toString()}::bigint, updated_at = now()
          where rule = ${group.name}`,
    );
    return batch.length;
  });
}

/** Runs every group until each has caught up (or `maxBatches` per group); returns trades judged. */
export async function scanAll(db: Db, now: Date, maxBatches = 20): Promise<number> {
  let judged = 0;
  for (const group of RULE_GROUPS)
    for (let i = 0; i < maxBatches; i++) {
      const n = await scanGroup(db, group, now);
      judged += n;
      if (n < SCAN_BATCH) break;
    }
  return judged;
}
