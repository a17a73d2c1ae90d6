import { afterEach, describe, expect, it } from 'vitest';
import type { MatchingBook } from './book';
import { bookCases, buy, cancelCases, type LevelRow } from './book-cases';
import { ExecutionReport, fillsOf } from './execution-report';
import { implementations } from './implementations';
import { CancelCode, CancelReason, PlaceCode, Side, type BookSnapshot } from './types';

function rows(levels: BookSnapshot['bids']): LevelRow[] {
  return levels.map((l) => [l.price, l.orders.map((o) => [o.id, o.quantity] as [number, number])]);
}

function build(create: () => MatchingBook, before: Parameters<MatchingBook['place']>[0][]): MatchingBook {
  const book = create();
  const report = new ExecutionReport();
  for (const order of before) {
    expect(book.place(order, report)).toBe(PlaceCode.OK);
    expect(report.fillCount).toBe(0);
  }
  return book;
}

describe.each(implementations)('$name', ({ create }) => {
  let book: MatchingBook | undefined;
  afterEach(() => {
    // Internal-state consistency after every test, whatever it did.
    if (book) expect(book.checkInvariants()).toEqual([]);
    book = undefined;
  });

  it.each(bookCases)('$name', (c) => {
    book = build(create, c.before);
    const report = new ExecutionReport();
    const code = book.place(c.order, report);
    expect(code).toBe(c.code);
    expect(report.code).toBe(c.code);
    expect(fillsOf(report).map((f) => [f.makerId, f.price, f.quantity])).toEqual(c.fills ?? []);
    expect(report.restingQuantity).toBe(c.resting ?? 0);
    expect(report.cancelledQuantity).toBe(c.cancelled ?? 0);
    expect(report.cancelReason).toBe(c.reason ?? CancelReason.NONE);
    const filled = (c.fills ?? []).reduce((sum, f) => sum + f[2], 0);
    expect(report.filledQuantity).toBe(filled);
    const snapshot = book.snapshot();
    expect({ bids: rows(snapshot.bids), asks: rows(snapshot.asks) }).toEqual(c.after);
  });

  it.each(cancelCases)('$name', (c) => {
    book = build(create, c.before);
    const sizeBefore = book.size;
    expect(book.cancel(c.cancel)).toBe(c.ok ? CancelCode.OK : CancelCode.UNKNOWN_ORDER);
    expect(book.size).toBe(sizeBefore - (c.ok ? 1 : 0));
    expect(book.order(c.cancel)).toBeUndefined();
    const snapshot = book.snapshot();
    expect({ bids: rows(snapshot.bids), asks: rows(snapshot.asks) }).toEqual(c.after);
  });

  it('reports fills with the maker owner and what the maker has left', () => {
    book = build(create, bookCases[2]!.before);
    const report = new ExecutionReport();
    book.place({ ...bookCases[2]!.order, price: 101, quantity: 7 }, report);
    expect(fillsOf(report)).toEqual([
      { makerId: 1, makerOwner: 1, price: 101, quantity: 5, makerRemaining: 0 },
      { makerId: 2, makerOwner: 2, price: 101, quantity: 2, makerRemaining: 1 },
    ]);
  });

  it('answers best prices, depth, order lookup and market quotes', () => {
    book = build(create, [...bookCases[2]!.before, ...bookCases[6]!.before]);
    expect(book.bestAsk()).toBe(101);
    expect(book.bestBid()).toBe(99);
    expect(book.depth(Side.SELL, 2)).toEqual([
      { price: 101, quantity: 8, orders: 2 },
      { price: 102, quantity: 4, orders: 1 },
    ]);
    expect(book.depth(Side.BUY, 8)).toEqual([
      { price: 99, quantity: 5, orders: 1 },
      { price: 98, quantity: 9, orders: 2 },
    ]);
    expect(book.order(13)).toEqual({ id: 13, owner: 1, side: Side.BUY, price: 98, quantity: 7 });
    expect(book.quoteMarket(Side.BUY, 10)).toEqual({ quantity: 10, notional: 8 * 101 + 2 * 102, worstPrice: 102 });
    expect(book.quoteMarket(Side.SELL, 100)).toEqual({ quantity: 14, notional: 5 * 99 + 9 * 98, worstPrice: 98 });
  });

  it('answers 0 for best prices of an empty book', () => {
    book = create();
    expect([book.bestBid(), book.bestAsk(), book.size]).toEqual([0, 0, 0]);
    expect(book.quoteMarket(Side.BUY, 5)).toEqual({ quantity: 0, notional: 0, worstPrice: 0 });
  });

  it('reuses ids after the order left the book', () => {
    book = build(create, [buy(1, 1, 100, 5)]);
    expect(book.cancel(1)).toBe(CancelCode.OK);
    expect(book.place(buy(1, 1, 100, 5), new ExecutionReport())).toBe(PlaceCode.OK);
  });
});
