/**
 * The mixed workload of the matching benchmark, generated up front from a fixed seed so
 * every subject replays exactly the same operations and generation is never timed.
 *
 * - 10,000 resting limit orders, bids 1..200 ticks under a mid of 10,000 and asks
 *   1..200 ticks over it, 1..100 lots each;
 * - then N operations: 60% limit (10% of them priced through the mid, so they trade),
 *   30% cancel of a previously placed order (it may have filled meanwhile), 10% market
 *   (1..50 lots);
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
function random(seed: number): () => number {
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
      cancellable.push(nextId++);
    } else if (roll < 0.9 && cancellable.length > 0) {
      const pick = int(0, cancellable.length - 1);
      w.kind[i] = OP_CANCEL;
      w.id[i] = cancellable[pick]!;
      cancellable[pick] = cancellable[cancellable.length - 1]!;
      cancellable.pop();
    } else {
      w.kind[i] = OP_MARKET;
      w.quantity[i] = int(1, 50);
    }
  }
  return w;
}
