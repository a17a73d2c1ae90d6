import type { BookLevel, OrderBook } from '@meridian/schemas';
import { ORDER_BOOK_DEPTH } from '../constants';
import { minorToDecimal, toSignedMinor } from '@/lib/decimal';

export type BookRow = BookLevel & {
  side: 'bid' | 'ask';
  /** Share of the largest level, 0-100, for the depth bar. */ depthPercent: number;
};

export type BookView = {
  /** Highest price first, so the best ask sits just above the spread. */
  asks: BookRow[];
  /** Best (highest) bid first. */
  bids: BookRow[];
  /** Best ask minus best bid, decimal string; null unless both sides quote. */
  spread: string | null;
};

/** price x quantity as a decimal string: the Total column when a level arrives without one. */
export function levelTotal(price: string, quantity: number): string {
  return minorToDecimal((toSignedMinor(price) ?? 0n) * BigInt(quantity));
}

/** Shapes a book for display: at most `depth` levels per side, totals and depth bars. */
export function bookView(book: OrderBook, depth = ORDER_BOOK_DEPTH): BookView {
  const bids = book.bids.slice(0, depth);
  const asks = book.asks.slice(0, depth);
  const largest = Math.max(1, ...bids.map((l) => l.quantity), ...asks.map((l) => l.quantity));
  const row =
    (side: BookRow['side']) =>
    (level: BookLevel): BookRow => ({
      ...level,
      total: level.total || levelTotal(level.price, level.quantity),
      side,
      depthPercent: Math.round((level.quantity / largest) * 100),
    });
  const bestBid = toSignedMinor(bids[0]?.price);
  const bestAsk = toSignedMinor(asks[0]?.price);
  return {
    asks: asks.map(row('ask')).reverse(),
    bids: bids.map(row('bid')),
    spread: bestBid !== null && bestAsk !== null ? minorToDecimal(bestAsk - bestBid) : null,
  };
}
