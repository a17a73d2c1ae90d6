import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { balanceKey } from '../ledger';
import { InstrumentDesk, OwnerRegistry, type OrderState } from './desk';
import { runBatch, type BatchContext, type Command } from './order-flow';

// Issue 16 item 6: a batch whose write failed is taken back out of the in-memory book
// (InstrumentDesk.undo) instead of reloading the instrument's open orders. The check: after
// any batch and its undo, the book is exactly the book loaded afresh from the orders as they
// were before the batch — same levels, same orders in the same time priority, same figures.

const instrument = { id: 'inst-undo', name: 'Undo Bond', currency: 'USD' };
const users = ['u1', 'u2', 'u3', 'u4'];

/** mulberry32: the same books and batches on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), a | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function limitOrder(rnd: () => number, side: 'buy' | 'sell', price: number): OrderState {
  const now = new Date('2026-01-01T00:00:00Z');
  return {
    id: randomUUID(),
    userId: users[Math.floor(rnd() * users.length)]!,
    instrumentId: instrument.id,
    side,
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: BigInt(price),
    quantity: BigInt(1 + Math.floor(rnd() * 9)),
    filledQuantity: 0n,
    filledValue: 0n,
    status: 'open',
    cancelReason: null,
    reserved: 0n,
    idempotencyKey: null,
    createdAt: now,
    updatedAt: now,
  };
}

function context(desk: InstrumentDesk): BatchContext {
  const available = new Map<string, bigint>();
  for (const u of users) {
    available.set(balanceKey({ accountId: `acc-${u}`, assetType: 'cash', asset: 'USD' }), 10n ** 12n);
    available.set(balanceKey({ accountId: `acc-${u}`, assetType: 'units', asset: instrument.id }), 10n ** 6n);
  }
  return {
    desk,
    accountOf: (u) => `acc-${u}`,
    available,
    fresh: new Set(available.keys()),
    refusedOnCachedBalance: false,
    existingByKey: new Map(),
    now: new Date('2026-01-01T00:00:01Z'),
    touched: new Map(),
  };
}

/** The book as (order id, resting quantity) per level, best first, in time priority. */
function view(desk: InstrumentDesk) {
  const { bids, asks } = desk.book.snapshot();
  const side = (levels: typeof bids) =>
    levels.map((l) => ({ price: l.price, orders: l.orders.map((o) => [desk.restingOrder(o.id).id, o.quantity]) }));
  return { bids: side(bids), asks: side(asks) };
}

describe('InstrumentDesk.undo', () => {
  it('puts the book back exactly as a fresh load of the pre-batch orders would build it, for 200 random batches', () => {
    for (let round = 0; round < 200; round++) {
      const rnd = random(round + 1);
      // Bids 95.00..99.99, asks 100.00..104.99, several orders per level.
      const open: OrderState[] = [];
      for (let i = 0; i < 60; i++) {
        const buy = rnd() < 0.5;
        open.push(
          limitOrder(
            rnd,
            buy ? 'buy' : 'sell',
            buy ? 9_500 + Math.floor(rnd() * 20) * 25 : 10_000 + Math.floor(rnd() * 20) * 25,
          ),
        );
      }
      const desk = new InstrumentDesk(instrument, new OwnerRegistry());
      desk.load(open);
      const before = structuredClone(open);
      const expected = view(desk);

      // A batch: crossing and resting orders, cancels of resting orders (some placed in the batch).
      const commands: Command[] = [];
      const placed: OrderState[] = [];
      for (let i = 0; i < 1 + Math.floor(rnd() * 12); i++) {
        const roll = rnd();
        if (roll < 0.25) {
          const pool = [...open, ...placed];
          const target = pool[Math.floor(rnd() * pool.length)]!;
          commands.push({ kind: 'cancel', orderId: target.id, userId: target.userId });
        } else {
          const buy = rnd() < 0.5;
          const price = buy ? 9_800 + Math.floor(rnd() * 24) * 25 : 9_700 + Math.floor(rnd() * 24) * 25;
          const order = limitOrder(rnd, buy ? 'buy' : 'sell', price);
          placed.push(order);
          commands.push({ kind: 'place', order });
        }
      }
      const ctx = context(desk);
      const { writes } = runBatch(ctx, commands);
      desk.undo(writes.inserted, ctx.touched);

      expect(view(desk), `round ${round}`).toEqual(expected);
      // The resting orders' own figures are back too (they are what the next batch writes from).
      for (const order of before) {
        const live = desk.find(order.id);
        expect(live, `round ${round}: ${order.id}`).toBeDefined();
        expect({ ...live! }).toEqual(order);
      }
      for (const order of placed) expect(desk.find(order.id)).toBeUndefined();
      expect(desk.book.checkInvariants()).toEqual([]);
    }
  });
});
