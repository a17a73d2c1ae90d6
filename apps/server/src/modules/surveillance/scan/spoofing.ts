import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../../db/client';
import { detectSpoofing, RULE_PARAMETERS, type Detection, type OrderFact, type TradeFact } from '../rules';
import type { Pass } from './pass';
import { byInstrument, PARTICIPANT } from './trades';

// The spoofing group: lags by `cancelWithinMs`, so every cancellation that can follow a fill is in.

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

export async function spoofingRule(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]> {
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
