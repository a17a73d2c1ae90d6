import { ExecutionReport, FastBook, OrderType, TimeInForce, type NewOrder } from '@meridian/matching';

/**
 * The mixed workload of the matching benchmark, generated up front from a fixed seed so
 * every subject replays exactly the same operations and generation is never timed.
 *
 * - 10,000 resting limit orders, bids 1..200 ticks under a mid of 10,000 and asks
 *   1..200 ticks over it, 1..100 lots each;
 * - then N operations: 60% limit (10% of them priced through the mid, so they trade),
 *   30% cancel of a random order still resting at that point, 10% market (1..400
 *   lots while the book is above its starting size, else 1..100), so fills and
 *   cancels take out about as many orders as limits add and the book stays near
 *   10,000 orders (a replay during generation tracks what is live);
 * - every order has its own owner, so self-trade prevention never intervenes and the
 *   peer library, which has no such default, matches the same way.
 */

export const OP_LIMIT = 0;
export const OP_CANCEL = 1;
export const OP_MARKET = 2;

export interface Workload {
  initialCount: number;
  count: number;
  kind: Uint8Array;
  side: Uint8Array;
  price: Int32Array;
  quantity: Int32Array;
  id: Int32Array;
}

const MID = 10_000;

/** mulberry32: a tiny deterministic PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildWorkload(operations: number, initialCount = 10_000, seed = 20_260_522): Workload {
  const total = initialCount + operations;
  const w: Workload = {
    initialCount,
    count: total,
    kind: new Uint8Array(total),
    side: new Uint8Array(total),
    price: new Int32Array(total),
    quantity: new Int32Array(total),
    id: new Int32Array(total),
  };
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const cancellable: number[] = [];
  // Replays the workload while generating it, so cancels target live orders only.
  const tracker = new FastBook(1 << 15);
  const report = new ExecutionReport();
  const order: NewOrder = {
    id: 0,
    owner: 0,
    side: 0,
    type: OrderType.LIMIT,
    price: 0,
    quantity: 0,
    timeInForce: TimeInForce.GTC,
    postOnly: false,
  };
  const isLive = (id: number) => tracker.order(id) !== undefined;
  let nextId = 1;
  for (let i = 0; i < total; i++) {
    const roll = i < initialCount ? 0 : rnd();
    const side = int(0, 1);
    w.side[i] = side;
    if (roll < 0.6) {
      const aggressive = i >= initialCount && rnd() < 0.1;
      const offset = aggressive ? -int(0, 5) : int(1, 200);
      w.kind[i] = OP_LIMIT;
      w.price[i] = side === 0 ? MID - offset : MID + offset;
      w.quantity[i] = int(1, 100);
      w.id[i] = nextId;
      cancellable.push(nextId);
      Object.assign(order, {
        id: nextId,
        owner: nextId++,
        side,
        type: OrderType.LIMIT,
        price: w.price[i],
        quantity: w.quantity[i],
      });
      tracker.place(order, report);
    } else if (roll < 0.9 && takeLive(cancellable, isLive, int) !== undefined) {
      w.kind[i] = OP_CANCEL;
      w.id[i] = cancellable.pop()!;
      tracker.cancel(w.id[i]!);
    } else {
      w.kind[i] = OP_MARKET;
      // Feedback keeps the book near its starting size: bigger sweeps when it has grown.
      w.quantity[i] = tracker.size > initialCount ? int(1, 400) : int(1, 100);
      Object.assign(order, { id: -i, owner: -i, side, type: OrderType.MARKET, quantity: w.quantity[i] });
      tracker.place(order, report);
    }
  }
  return w;
}

/** Moves a random live id to the end of `pool` (dropping dead ones met on the way). */
function takeLive(
  pool: number[],
  isLive: (id: number) => boolean,
  int: (lo: number, hi: number) => number,
): number | undefined {
  while (pool.length > 0) {
    const pick = int(0, pool.length - 1);
    const id = pool[pick]!;
    pool[pick] = pool[pool.length - 1]!;
    pool[pool.length - 1] = id;
    if (isLive(id)) return id;
    pool.pop();
  }
  return undefined;
}
