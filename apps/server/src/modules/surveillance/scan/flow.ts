import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../../db/client';
import {
  detectConcentration,
  detectWashTrades,
  RampWindow,
  RULE_PARAMETERS,
  type Detection,
  type TakerShare,
  type TradeFact,
} from '../rules';
import type { Pass } from './pass';
import {
  byInstrument,
  instrumentTrades,
  lastPriceBefore,
  PARTICIPANT,
  TRADE_COLUMNS,
  TRADE_FROM,
  toFact,
  type TradeRecord,
} from './trades';

// The flow group (no lag): wash trades, price ramping and concentration, judged as trades arrive.

export async function flowRules(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]> {
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
