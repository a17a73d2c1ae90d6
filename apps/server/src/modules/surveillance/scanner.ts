import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';
import { surveillanceCursors } from '../../db/schema';
import { persistDetections } from './cases';
import {
  closingWindow,
  detectConcentration,
  detectMarkingClose,
  detectSpoofing,
  detectWashTrades,
  RampWindow,
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

/** What a group's pass knows besides its batch. */
interface Pass {
  db: Db;
  /** The group's cursor before this batch: every trade up to it has been judged. */
  after: bigint;
  /** Runs once the pass's transaction has committed (in-process state that must not run ahead of it). */
  onCommit(fn: () => void): void;
}

interface RuleGroup {
  name: string;
  lagMs: number;
  detect(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]>;
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

/**
 * The next trades after the cursor (at most `limit`), stopping before the first one made after
 * `cutoffMs` (still too young for the group): the sequence order is the cursor's order. The stop
 * is found in the database, so a lagging group (spoofing 30 s, marking the close 10 minutes behind
 * the newest trades) does not read a full batch of trades to keep the few old enough.
 */
async function tradesAfter(tx: Tx, after: bigint, limit: number, cutoffMs: number): Promise<TradeFact[]> {
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
async function instrumentTrades(tx: Tx, instrumentId: string, fromMs: number, toMs: number, upTo: bigint | null) {
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

async function flowRules(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]> {
  const detections = detectWashTrades(batch);
  const state = flowState(pass);
  const window = RULE_PARAMETERS.price_ramping.windowMs;
  const judged = new Set(batch.map((t) => t.id));
  const ramps = new Map<string, RampWindow>();
  for (const [instrumentId, trades] of byInstrument(batch)) {
    const found = new Map<string, Detection>();
    const lastAt = trades.at(-1)!.at;
    let ramp = state.ramps.get(instrumentId)?.clone();
    let queue: TradeFact[];
    if (ramp) {
      // Carried from the previous batch: only the trades that leave the window are read.
      queue = await leavingTrades(tx, instrumentId, ramp, pass.after, lastAt - window);
    } else {
      // First batch here (or the cursor moved elsewhere): the window is built from its trades.
      const start = trades[0]!.at - window;
      const history = await instrumentTrades(tx, instrumentId, start, lastAt + 1, pass.after);
      ramp = new RampWindow(
        await lastPriceBefore(tx, instrumentId, start),
        history.length > 0 ? history[0]!.sequence - 1n : pass.after,
        start,
      );
      queue = [];
      ramp.advance(history, queue, null, found);
    }
    ramp.advance(trades, queue, judged, found);
    ramps.set(instrumentId, ramp);
    detections.push(...found.values());
  }
  pass.onCommit(() => {
    for (const [instrumentId, ramp] of ramps) state.ramps.set(instrumentId, ramp);
  });
  detections.push(...detectConcentration(await takerShares(tx, batch, pass, state)));
  return detections;
}

/** One instrument's trades still in `ramp`'s window that were made before `beforeMs`, oldest first. */
async function leavingTrades(tx: Tx, instrumentId: string, ramp: RampWindow, upTo: bigint, beforeMs: number) {
  // A millisecond of slack either way (`at` is rounded): a trade read too early stays queued.
  const rows = await selectRows<TradeRecord>(
    tx,
    sql`select ${TRADE_COLUMNS} ${TRADE_FROM}
        where t.instrument_id = ${instrumentId} and t.sequence > ${ramp.leftUpTo.toString()}::bigint
          and t.sequence <= ${upTo.toString()}::bigint
          and t.created_at >= ${new Date(ramp.leftAt - 1).toISOString()}::timestamptz
          and t.created_at < ${new Date(beforeMs + 1).toISOString()}::timestamptz
        order by t.sequence`,
  );
  return rows.map(toFact);
}

/**
 * What the flow group carries from one pass to the next in this process: each instrument's
 * price-ramping window and each instrument's day of aggressive quantity, as of the group's
 * cursor `upTo`. Rebuilding them from the trades table for every batch read the last five
 * minutes and the whole day of every instrument in the batch each time (bench:surveillance).
 * They are used only while the cursor is where this process left it: when another server moved
 * it (or a pass rolled back, so `upTo` was not advanced) they are read again from the table.
 */
interface FlowState {
  upTo: bigint;
  ramps: Map<string, RampWindow>;
  days: Map<string, DayTakers>;
}

const flowStates = new WeakMap<Db, FlowState>();

function flowState(pass: Pass): FlowState {
  let state = flowStates.get(pass.db);
  if (!state || state.upTo !== pass.after) {
    state = { upTo: pass.after, ramps: new Map(), days: new Map() };
    flowStates.set(pass.db, state);
  }
  return state;
}

/** One instrument's day so far: aggressive quantity per participant, and the day's totals. */
interface DayTakers {
  takers: Map<string, { userId: string; quantity: bigint }>;
  quantity: bigint;
  trades: number;
}

const dayKey = (t: TradeFact) => `${t.instrumentId}|${new Date(t.at).toISOString().slice(0, 10)}`;

/** Aggressive quantity per participant, instrument and UTC day, for the days the batch touches. */
async function takerShares(tx: Tx, batch: TradeFact[], pass: Pass, state: FlowState): Promise<TakerShare[]> {
  const upToSequence = batch.at(-1)!.sequence;
  const byKey = new Map<string, TradeFact[]>();
  for (const t of batch) {
    const key = dayKey(t);
    const list = byKey.get(key);
    if (list) list.push(t);
    else byKey.set(key, [t]);
  }
  const next = new Map<string, DayTakers>();
  for (const [key, trades] of byKey) {
    const known = state.days.get(key);
    if (known) {
      const day: DayTakers = { takers: new Map(known.takers), quantity: known.quantity, trades: known.trades };
      for (const t of trades) {
        day.quantity += t.quantity;
        day.trades += 1;
        const who = t.takerSide === 'buy' ? t.buyer : t.seller;
        const userId = t.takerSide === 'buy' ? t.buyerId : t.sellerId;
        const entry = day.takers.get(who);
        if (!entry) day.takers.set(who, { userId, quantity: t.quantity });
        else
          day.takers.set(who, {
            userId: userId < entry.userId ? userId : entry.userId,
            quantity: entry.quantity + t.quantity,
          });
      }
      next.set(key, day);
    } else next.set(key, await loadDayTakers(tx, key, upToSequence));
  }
  pass.onCommit(() => {
    // Days before the batch's earliest are done with; the rest carry over. The state now
    // stands at the batch's last trade (the ramps were updated by flowRules' own hook).
    const earliest = [...next.keys()].map((k) => k.split('|')[1]!).sort()[0]!;
    for (const key of state.days.keys()) if (key.split('|')[1]! < earliest) state.days.delete(key);
    for (const [key, day] of next) state.days.set(key, day);
    state.upTo = upToSequence;
  });
  const shares: TakerShare[] = [];
  for (const [key, day] of next) {
    const [instrumentId, dayText] = key.split('|') as [string, string];
    for (const [participant, taker] of day.takers)
      shares.push({
        instrumentId,
        day: dayText,
        participant,
        userId: taker.userId,
        takerQuantity: taker.quantity,
        dayQuantity: day.quantity,
        dayTrades: day.trades,
      });
  }
  return shares;
}

/** One instrument's day from the trades table, up to (and including) sequence `upTo`. */
async function loadDayTakers(tx: Tx, key: string, upToSequence: bigint): Promise<DayTakers> {
  const [instrumentId, day] = key.split('|') as [string, string];
  const upTo = upToSequence.toString();
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
  return {
    takers: new Map(rows.map((r) => [r.participant, { userId: r.userId, quantity: BigInt(r.taker) }])),
    quantity: BigInt(rows[0]?.total ?? '0'),
    trades: Number(rows[0]?.count ?? 0),
  };
}

/**
 * The spoofing group's cancelled orders carried between passes in this process, per instrument
 * (updated up to `until`, ms): consecutive batches ask for overlapping 30-second ranges of
 * cancellations, so a pass reads only the cancellations after the last one it read, and drops
 * those before its first trade. Used only while the group's cursor is where this process left it.
 */
interface SpoofState {
  upTo: bigint;
  orders: Map<string, { until: number; orders: OrderFact[] }>;
}

const spoofStates = new WeakMap<Db, SpoofState>();

async function spoofingRule(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]> {
  const within = RULE_PARAMETERS.spoofing.cancelWithinMs;
  let state = spoofStates.get(pass.db);
  if (!state || state.upTo !== pass.after) {
    state = { upTo: pass.after, orders: new Map() };
    spoofStates.set(pass.db, state);
  }
  const detections: Detection[] = [];
  const next = new Map<string, { until: number; orders: OrderFact[] }>();
  for (const [instrumentId, trades] of byInstrument(batch)) {
    const from = trades[0]!.at;
    const to = trades.at(-1)!.at + within;
    const known = state.orders.get(instrumentId);
    let orders: OrderFact[];
    if (known && known.until >= from && known.until <= to) {
      orders = known.orders.filter((o) => o.updatedAt >= from);
      orders.push(...(await cancelledOrders(tx, instrumentId, known.until, false, to)));
    } else orders = await cancelledOrders(tx, instrumentId, from, true, to);
    next.set(instrumentId, { until: to, orders });
    if (orders.length > 0) detections.push(...detectSpoofing(trades, orders));
  }
  const carried = state;
  pass.onCommit(() => {
    for (const [instrumentId, entry] of next) carried.orders.set(instrumentId, entry);
    carried.upTo = batch.at(-1)!.sequence;
  });
  return detections;
}

/** One instrument's orders cancelled from `fromMs` (inclusive or not) to `toMs` (inclusive), by cancellation time. */
async function cancelledOrders(
  tx: Tx,
  instrumentId: string,
  fromMs: number,
  inclusive: boolean,
  toMs: number,
): Promise<OrderFact[]> {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const rows = await selectRows<Record<string, string | null>>(
    tx,
    sql`select o.id, o.user_id as "userId", ${PARTICIPANT('u')} as participant, o.instrument_id as "instrumentId",
          o.side, o.price::text as price, o.quantity::text as quantity, o.filled_quantity::text as "filledQuantity",
          o.status, (extract(epoch from o.created_at) * 1000)::bigint::text as "createdAt",
          (extract(epoch from o.updated_at) * 1000)::bigint::text as "updatedAt"
        from orders o join users u on u.id = o.user_id
        where o.instrument_id = ${instrumentId} and o.status = 'cancelled'
          and ${inclusive ? sql`o.updated_at >= ${from}::timestamptz` : sql`o.updated_at > ${from}::timestamptz`}
          and o.updated_at <= ${to}::timestamptz and o.created_at <= ${to}::timestamptz
        order by o.updated_at, o.id`,
  );
  return rows.map((r) => ({
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
}

/**
 * Marking the close judges each instrument's closing window once. The group lags by the window's
 * length, so by the time any trade of a window is judged the window has closed and all its trades
 * are there: the pass that meets a window's first trades evaluates the whole window, and later
 * passes that meet more of it (a busy close spans many batches) skip it instead of reading the
 * window again each time (and adding the same trades to the case's evidence again).
 */
async function markingCloseRule(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]> {
  const windowMs = RULE_PARAMETERS.marking_close.windowMs;
  const windows = new Map<string, { instrumentId: string; close: number }>();
  for (const t of batch) {
    const close = closingWindow(t.at);
    if (close !== null) windows.set(`${t.instrumentId}|${close}`, { instrumentId: t.instrumentId, close });
  }
  const detections: Detection[] = [];
  for (const { instrumentId, close } of windows.values()) {
    // The window's earliest trade (one index probe): judged already if the cursor has passed it.
    const [first] = await selectRows<{ sequence: string }>(
      tx,
      sql`select sequence::text as sequence from trades where instrument_id = ${instrumentId}
            and created_at >= ${new Date(close - windowMs).toISOString()}::timestamptz
            and created_at < ${new Date(close).toISOString()}::timestamptz
          order by created_at, sequence limit 1`,
    );
    const judged = first !== undefined && BigInt(first.sequence) <= pass.after;
    if (judged) continue;
    // The whole window, trades of it after this batch included: it has closed.
    const trades = await instrumentTrades(tx, instrumentId, close - windowMs, close, null);
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
  const committed: (() => void)[] = [];
  const judged = await db.transaction(async (tx) => {
    await tx.insert(surveillanceCursors).values({ rule: group.name, lastSequence: 0n }).onConflictDoNothing();
    const [cursor] = await selectRows<{ last: string }>(
      tx,
      sql`select last_sequence::text as last from surveillance_cursors where rule = ${group.name} for update`,
    );
    const cutoff = now.getTime() - group.lagMs;
    const fetched = await tradesAfter(tx, BigInt(cursor!.last), SCAN_BATCH, cutoff);
    // `at` is rounded to the millisecond: the same stop, checked on what was read.
    const young = fetched.findIndex((t) => t.at > cutoff);
    const batch = young === -1 ? fetched : fetched.slice(0, young);
    if (batch.length === 0) return 0;
    const pass: Pass = { db, after: BigInt(cursor!.last), onCommit: (fn) => committed.push(fn) };
    await persistDetections(tx, await group.detect(tx, batch, pass), now);
    await tx.execute(
      sql`update surveillance_cursors set last_sequence = ${batch.at(-1)!.sequence.toString()}::bigint, updated_at = now()
          where rule = ${group.name}`,
    );
    return batch.length;
  });
  for (const fn of committed) fn();
  return judged;
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
