import type { MatchingBook } from './book';
import type { ExecutionReport } from './execution-report';
import { PriceLadder } from './price-ladder';
import { LevelPool, NIL, OrderPool } from './slot-pools';
import {
  CancelCode,
  CancelReason,
  OrderType,
  PlaceCode,
  Side,
  TimeInForce,
  type BookSnapshot,
  type LevelView,
  type MarketQuote,
  type NewOrder,
  type RestingOrderView,
} from './types';
import { validateOrder } from './validate';
import { checkFastBook } from './fast-book-check';

const DEFAULT_CAPACITY = 1024;

/**
 * The production book: orders and levels live in pooled typed-array slots, each level
 * holds an intrusive doubly linked FIFO of its orders, each side a sorted ladder of
 * levels. Placing and cancelling allocate nothing once the pools are warm.
 */
export class FastBook implements MatchingBook {
  private readonly orders: OrderPool;
  private readonly levels: LevelPool;
  /** Indexed by Side: ladders[BUY] holds bids, ladders[SELL] asks. */
  private readonly ladders: readonly [PriceLadder, PriceLadder];
  private readonly index = new Map<number, number>();

  constructor(capacity = DEFAULT_CAPACITY) {
    this.orders = new OrderPool(capacity);
    this.levels = new LevelPool(capacity);
    this.ladders = [new PriceLadder(1, capacity), new PriceLadder(-1, capacity)];
  }

  get size(): number {
    return this.index.size;
  }

  place(order: NewOrder, report: ExecutionReport): PlaceCode {
    report.reset();
    const code = this.admit(order);
    report.code = code;
    if (code !== PlaceCode.OK) return code;
    const remaining = this.match(order, report);
    if (remaining === 0) return code;
    if (report.cancelReason === CancelReason.SELF_TRADE) {
      report.cancelledQuantity = remaining;
    } else if (order.type === OrderType.LIMIT && order.timeInForce === TimeInForce.GTC) {
      this.rest(order, remaining);
      report.restingQuantity = remaining;
    } else {
      report.cancelledQuantity = remaining;
      report.cancelReason = CancelReason.NO_LIQUIDITY;
    }
    return code;
  }

  private admit(order: NewOrder): PlaceCode {
    const invalid = validateOrder(order);
    if (invalid !== PlaceCode.OK) return invalid;
    if (this.index.has(order.id)) return PlaceCode.DUPLICATE_ID;
    const opposite = this.ladders[order.side === Side.BUY ? Side.SELL : Side.BUY];
    if (order.postOnly && opposite.length > 0 && crosses(order, this.levels.price[opposite.best()]!)) {
      return PlaceCode.POST_ONLY_WOULD_CROSS;
    }
    if (order.timeInForce === TimeInForce.FOK && !this.canFillWhole(order)) return PlaceCode.FOK_NOT_FILLABLE;
    return PlaceCode.OK;
  }

  /** Trades the order against the opposite side; returns the quantity left over. */
  private match(order: NewOrder, report: ExecutionReport): number {
    const ladder = this.ladders[order.side === Side.BUY ? Side.SELL : Side.BUY];
    const orders = this.orders;
    const levels = this.levels;
    let remaining = order.quantity;
    while (remaining > 0 && ladder.length > 0) {
      const level = ladder.best();
      const price = levels.price[level]!;
      if (!crosses(order, price)) break;
      let slot = levels.head[level]!;
      while (remaining > 0 && slot !== NIL) {
        const makerOwner = orders.owner[slot]!;
        if (makerOwner === order.owner) {
          report.cancelReason = CancelReason.SELF_TRADE;
          return remaining;
        }
        const available = orders.quantity[slot]!;
        const traded = available < remaining ? available : remaining;
        const left = available - traded;
        remaining -= traded;
        levels.quantity[level]! -= traded;
        report.addFill(orders.id[slot]!, makerOwner, price, traded, left);
        if (left > 0) {
          orders.quantity[slot] = left;
          break;
        }
        const next = orders.next[slot]!;
        this.index.delete(orders.id[slot]!);
        orders.release(slot);
        levels.head[level] = next;
        levels.count[level]!--;
        if (next === NIL) levels.tail[level] = NIL;
        else orders.prev[next] = NIL;
        slot = next;
      }
      if (levels.count[level] === 0) {
        ladder.removeBest(price);
        levels.release(level);
      }
    }
    return remaining;
  }

  private rest(order: NewOrder, quantity: number): void {
    const ladder = this.ladders[order.side];
    const levels = this.levels;
    let level = ladder.find(order.price);
    if (level === NIL) {
      level = levels.allocate(order.price, order.side);
      ladder.insert(order.price, level);
    }
    const slot = this.orders.allocate();
    const orders = this.orders;
    orders.id[slot] = order.id;
    orders.owner[slot] = order.owner;
    orders.quantity[slot] = quantity;
    orders.level[slot] = level;
    const tail = levels.tail[level]!;
    orders.prev[slot] = tail;
    orders.next[slot] = NIL;
    if (tail === NIL) levels.head[level] = slot;
    else orders.next[tail] = slot;
    levels.tail[level] = slot;
    levels.count[level]!++;
    levels.quantity[level]! += quantity;
    this.index.set(order.id, slot);
  }

  /** FOK pre-check: enough crossing quantity before the first own order (self-trade stop). */
  private canFillWhole(order: NewOrder): boolean {
    const ladder = this.ladders[order.side === Side.BUY ? Side.SELL : Side.BUY];
    let total = 0;
    for (let rank = 0; rank < ladder.length; rank++) {
      const level = ladder.at(rank);
      if (!crosses(order, this.levels.price[level]!)) return false;
      for (let slot = this.levels.head[level]!; slot !== NIL; slot = this.orders.next[slot]!) {
        if (this.orders.owner[slot] === order.owner) return false;
        total += this.orders.quantity[slot]!;
        if (total >= order.quantity) return true;
      }
    }
    return false;
  }

  cancel(orderId: number): CancelCode {
    const slot = this.index.get(orderId);
    if (slot === undefined) return CancelCode.UNKNOWN_ORDER;
    const orders = this.orders;
    const levels = this.levels;
    const level = orders.level[slot]!;
    const prev = orders.prev[slot]!;
    const next = orders.next[slot]!;
    if (prev === NIL) levels.head[level] = next;
    else orders.next[prev] = next;
    if (next === NIL) levels.tail[level] = prev;
    else orders.prev[next] = prev;
    levels.quantity[level]! -= orders.quantity[slot]!;
    if (--levels.count[level]! === 0) {
      const price = levels.price[level]!;
      this.ladders[levels.side[level] as Side].remove(price);
      levels.release(level);
    }
    orders.release(slot);
    this.index.delete(orderId);
    return CancelCode.OK;
  }

  order(orderId: number): RestingOrderView | undefined {
    const slot = this.index.get(orderId);
    if (slot === undefined) return undefined;
    const level = this.orders.level[slot]!;
    const price = this.levels.price[level]!;
    return {
      id: orderId,
      owner: this.orders.owner[slot]!,
      side: this.levels.side[level] as Side,
      price,
      quantity: this.orders.quantity[slot]!,
    };
  }

  bestBid(): number {
    const ladder = this.ladders[Side.BUY];
    return ladder.length > 0 ? this.levels.price[ladder.best()]! : 0;
  }

  bestAsk(): number {
    const ladder = this.ladders[Side.SELL];
    return ladder.length > 0 ? this.levels.price[ladder.best()]! : 0;
  }

  depth(side: Side, maxLevels: number): LevelView[] {
    const ladder = this.ladders[side];
    const views: LevelView[] = [];
    for (let rank = 0; rank < Math.min(maxLevels, ladder.length); rank++) {
      const level = ladder.at(rank);
      views.push({
        price: this.levels.price[level]!,
        quantity: this.levels.quantity[level]!,
        orders: this.levels.count[level]!,
      });
    }
    return views;
  }

  quoteMarket(side: Side, quantity: number): MarketQuote {
    const ladder = this.ladders[side === Side.BUY ? Side.SELL : Side.BUY];
    const quote: MarketQuote = { quantity: 0, notional: 0, worstPrice: 0 };
    for (let rank = 0; rank < ladder.length && quote.quantity < quantity; rank++) {
      const level = ladder.at(rank);
      const take = Math.min(this.levels.quantity[level]!, quantity - quote.quantity);
      quote.quantity += take;
      quote.notional += take * this.levels.price[level]!;
      quote.worstPrice = this.levels.price[level]!;
    }
    return quote;
  }

  snapshot(): BookSnapshot {
    const side = (s: Side) => {
      const ladder = this.ladders[s];
      const result: BookSnapshot['bids'] = [];
      for (let rank = 0; rank < ladder.length; rank++) {
        const level = ladder.at(rank);
        const orders: BookSnapshot['bids'][number]['orders'] = [];
        for (let slot = this.levels.head[level]!; slot !== NIL; slot = this.orders.next[slot]!) {
          orders.push({
            id: this.orders.id[slot]!,
            owner: this.orders.owner[slot]!,
            quantity: this.orders.quantity[slot]!,
          });
        }
        result.push({ price: this.levels.price[level]!, orders });
      }
      return result;
    };
    return { bids: side(Side.BUY), asks: side(Side.SELL) };
  }

  checkInvariants(): string[] {
    return checkFastBook(this.ladders, this.levels, this.orders, this.index);
  }
}

/** Whether an incoming order may trade at a resting price. */
function crosses(order: NewOrder, restingPrice: number): boolean {
  if (order.type === OrderType.MARKET) return true;
  return order.side === Side.BUY ? restingPrice <= order.price : restingPrice >= order.price;
}
