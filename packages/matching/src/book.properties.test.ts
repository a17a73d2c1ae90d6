import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchingBook } from './book';
import { ExecutionReport, fillsOf } from './execution-report';
import { FastBook } from './fast-book';
import { ReferenceBook } from './reference-book';
import { CancelCode, OrderType, PlaceCode, TimeInForce, type BookSnapshot, type NewOrder } from './types';

type Op = { kind: 'place'; order: Omit<NewOrder, 'id'> } | { kind: 'cancel'; pick: number };

const placeOp: fc.Arbitrary<Op> = fc
  .record({
    owner: fc.integer({ min: 1, max: 4 }),
    side: fc.constantFrom(0 as const, 1 as const),
    type: fc.constantFrom(OrderType.LIMIT, OrderType.LIMIT, OrderType.LIMIT, OrderType.MARKET),
    price: fc.integer({ min: 95, max: 105 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    timeInForce: fc.constantFrom(TimeInForce.GTC, TimeInForce.GTC, TimeInForce.IOC, TimeInForce.FOK),
    postOnly: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  })
  .map((order) => ({ kind: 'place' as const, order }));
const cancelOp: fc.Arbitrary<Op> = fc.nat({ max: 1000 }).map((pick) => ({ kind: 'cancel' as const, pick }));
const ops = fc.array(fc.oneof({ weight: 3, arbitrary: placeOp }, { weight: 1, arbitrary: cancelOp }), {
  maxLength: 120,
});

const resting = (s: BookSnapshot) =>
  [...s.bids, ...s.asks].flatMap((l) => l.orders).reduce((sum, o) => sum + o.quantity, 0);
const orderIds = (s: BookSnapshot) => [...s.bids, ...s.asks].flatMap((l) => l.orders.map((o) => o.id));

/** Replays ops on one book, checking the per-step properties; returns what happened. */
function replay(book: MatchingBook, sequence: Op[]): unknown[] {
  const trace: unknown[] = [];
  const report = new ExecutionReport();
  let nextId = 1;
  for (const op of sequence) {
    const before = book.snapshot();
    if (op.kind === 'place') {
      const order = { ...op.order, id: nextId++ };
      const code = book.place(order, report);
      const after = book.snapshot();
      if (code === PlaceCode.OK) {
        // Quantity conserved: the order's lots are filled, resting or cancelled; the
        // book lost exactly what was filled and gained what rests.
        expect(report.filledQuantity + report.restingQuantity + report.cancelledQuantity).toBe(order.quantity);
        expect(resting(after)).toBe(resting(before) - report.filledQuantity + report.restingQuantity);
      } else {
        expect(after).toEqual(before);
      }
      trace.push([code, fillsOf(report), report.restingQuantity, report.cancelledQuantity, report.cancelReason]);
    } else {
      const ids = orderIds(before);
      const target = ids.length > 0 && op.pick % 4 !== 0 ? ids[op.pick % ids.length]! : 10_000 + op.pick;
      const code = book.cancel(target);
      const after = book.snapshot();
      // A cancel removes exactly that one order and nothing else.
      expect(book.order(target)).toBeUndefined();
      expect(orderIds(after)).toEqual(orderIds(before).filter((id) => id !== target));
      expect(code).toBe(ids.includes(target) ? CancelCode.OK : CancelCode.UNKNOWN_ORDER);
      trace.push(code);
    }
    const snapshot = book.snapshot();
    // Never crossed after matching.
    if (snapshot.bids.length > 0 && snapshot.asks.length > 0) {
      expect(snapshot.bids[0]!.price).toBeLessThan(snapshot.asks[0]!.price);
    }
    // FIFO within a level: ids grow with arrival, so each level lists them ascending.
    for (const level of [...snapshot.bids, ...snapshot.asks]) {
      const ids = level.orders.map((o) => o.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(book.checkInvariants()).toEqual([]);
    trace.push(snapshot);
  }
  return trace;
}

describe('order book properties', () => {
  it('the reference book keeps every property on random op sequences', () => {
    fc.assert(
      fc.property(ops, (sequence) => void replay(new ReferenceBook(), sequence)),
      { numRuns: 200 },
    );
  });

  it('the fast book keeps every property and behaves exactly like the reference book', () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        expect(replay(new FastBook(2), sequence)).toEqual(replay(new ReferenceBook(), sequence));
      }),
      { numRuns: 300 },
    );
  });
});
