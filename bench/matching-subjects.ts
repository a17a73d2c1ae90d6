import {
  ExecutionReport,
  FastBook,
  OrderType,
  TimeInForce,
  type MatchingBook,
  type NewOrder,
} from '@meridian/matching';
import { OrderBook, Side as PeerSide } from 'nodejs-order-book';
import { OP_CANCEL, OP_LIMIT, type Workload } from './matching-workload';

/** One order book under test, driven through the same three operations. */
export interface Subject {
  name: string;
  /** A fresh book. */
  reset(): void;
  /** Applies operation `i` of the workload. */
  apply(w: Workload, i: number): void;
  /** Best 5 levels per side as [price, lots], to check both books ended equal. */
  top(): { bids: [number, number][]; asks: [number, number][] };
  /** Resting orders now. */
  size(): number;
}

export function meridianSubject(): Subject {
  let book: MatchingBook = new FastBook(1 << 15);
  const report = new ExecutionReport();
  // One reused command object: the engine's hot path takes no per-order allocation.
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
  return {
    name: '@meridian/matching FastBook',
    reset: () => void (book = new FastBook(1 << 15)),
    apply(w, i) {
      const kind = w.kind[i];
      if (kind === OP_CANCEL) {
        book.cancel(w.id[i]!);
        return;
      }
      order.side = w.side[i] as 0 | 1;
      order.quantity = w.quantity[i]!;
      if (kind === OP_LIMIT) {
        order.type = OrderType.LIMIT;
        order.id = w.id[i]!;
        order.owner = order.id;
        order.price = w.price[i]!;
      } else {
        order.type = OrderType.MARKET;
        order.id = -i;
        order.owner = -i;
      }
      book.place(order, report);
    },
    size: () => book.size,
    top: () => ({
      bids: book.depth(0, 5).map((l) => [l.price, l.quantity]),
      asks: book.depth(1, 5).map((l) => [l.price, l.quantity]),
    }),
  };
}

export function peerSubject(w: Workload): Subject {
  let book = new OrderBook();
  // String ids are built before timing: the peer keys orders by string.
  const ids: string[] = [];
  for (let i = 0; i < w.count; i++) ids.push(String(w.id[i]));
  const sides = [PeerSide.BUY, PeerSide.SELL];
  return {
    name: 'nodejs-order-book 10.1.1',
    reset: () => void (book = new OrderBook()),
    apply(wl, i) {
      const kind = wl.kind[i];
      if (kind === OP_CANCEL) book.cancel(ids[i]!);
      else if (kind === OP_LIMIT)
        book.limit({ side: sides[wl.side[i]!]!, id: ids[i]!, size: wl.quantity[i]!, price: wl.price[i]! });
      else book.market({ side: sides[wl.side[i]!]!, size: wl.quantity[i]! });
    },
    size() {
      const s = book.snapshot();
      return [...s.bids, ...s.asks].reduce((n, l) => n + l.orders.length, 0);
    },
    top() {
      const [asks, bids] = book.depth();
      return {
        bids: [...bids].sort((a, b) => b[0] - a[0]).slice(0, 5),
        asks: [...asks].sort((a, b) => a[0] - b[0]).slice(0, 5),
      };
    },
  };
}
