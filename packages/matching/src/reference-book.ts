import type { MatchingBook } from './book';
import type { ExecutionReport } from './execution-report';
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

interface RestingOrder {
  id: number;
  owner: number;
  side: Side;
  price: number;
  quantity: number;
}

interface Level {
  price: number;
  orders: RestingOrder[];
}

/**
 * The obviously-correct book: plain arrays of levels (best first) holding plain arrays
 * of orders (oldest first), linear scans everywhere. It is the oracle the fast book is
 * compared with; speed does not matter here.
 */
export class ReferenceBook implements MatchingBook {
  private readonly bids: Level[] = [];
  private readonly asks: Level[] = [];
  private readonly byId = new Map<number, RestingOrder>();

  get size(): number {
    return this.byId.size;
  }

  place(order: NewOrder, report: ExecutionReport): PlaceCode {
    report.reset();
    const code = this.admit(order);
    report.code = code;
    if (code !== PlaceCode.OK) return code;

    const opposite = order.side === Side.BUY ? this.asks : this.bids;
    let remaining = order.quantity;
    let selfTrade = false;
    while (remaining > 0 && opposite.length > 0 && !selfTrade) {
      const level = opposite[0]!;
      if (!acceptable(order, level.price)) break;
      while (remaining > 0 && level.orders.length > 0) {
        const maker = level.orders[0]!;
        if (maker.owner === order.owner) {
          selfTrade = true;
          break;
        }
        const traded = Math.min(remaining, maker.quantity);
        remaining -= traded;
        maker.quantity -= traded;
        report.addFill(maker.id, maker.owner, level.price, traded, maker.quantity);
        if (maker.quantity === 0) {
          level.orders.shift();
          this.byId.delete(maker.id);
        }
      }
      if (level.orders.length === 0) opposite.shift();
    }

    if (remaining === 0) return code;
    if (selfTrade) {
      report.cancelledQuantity = remaining;
      report.cancelReason = CancelReason.SELF_TRADE;
    } else if (order.type === OrderType.LIMIT && order.timeInForce === TimeInForce.GTC) {
      this.rest({ id: order.id, owner: order.owner, side: order.side, price: order.price, quantity: remaining });
      report.restingQuantity = remaining;
    } else {
      report.cancelledQuantity = remaining;
      report.cancelReason = CancelReason.NO_LIQUIDITY;
    }
    return code;
  }

  /** Refusals that leave the book untouched. */
  private admit(order: NewOrder): PlaceCode {
    const invalid = validateOrder(order);
    if (invalid !== PlaceCode.OK) return invalid;
    if (this.byId.has(order.id)) return PlaceCode.DUPLICATE_ID;
    const opposite = order.side === Side.BUY ? this.asks : this.bids;
    if (order.postOnly && opposite.length > 0 && acceptable(order, opposite[0]!.price)) {
      return PlaceCode.POST_ONLY_WOULD_CROSS;
    }
    if (order.timeInForce === TimeInForce.FOK && this.fillableBeforeSelfTrade(order) < order.quantity) {
      return PlaceCode.FOK_NOT_FILLABLE;
    }
    return PlaceCode.OK;
  }

  private fillableBeforeSelfTrade(order: NewOrder): number {
    const opposite = order.side === Side.BUY ? this.asks : this.bids;
    let total = 0;
    for (const level of opposite) {
      if (!acceptable(order, level.price)) break;
      for (const maker of level.orders) {
        if (maker.owner === order.owner) return total;
        total += maker.quantity;
      }
    }
    return total;
  }

  private rest(order: RestingOrder): void {
    const levels = order.side === Side.BUY ? this.bids : this.asks;
    const better = (a: number, b: number) => (order.side === Side.BUY ? a > b : a < b);
    let i = 0;
    while (i < levels.length && better(levels[i]!.price, order.price)) i++;
    if (i < levels.length && levels[i]!.price === order.price) levels[i]!.orders.push(order);
    else levels.splice(i, 0, { price: order.price, orders: [order] });
    this.byId.set(order.id, order);
  }

  cancel(orderId: number): CancelCode {
    const order = this.byId.get(orderId);
    if (!order) return CancelCode.UNKNOWN_ORDER;
    const levels = order.side === Side.BUY ? this.bids : this.asks;
    const levelIndex = levels.findIndex((l) => l.price === order.price);
    const level = levels[levelIndex]!;
    level.orders.splice(level.orders.indexOf(order), 1);
    if (level.orders.length === 0) levels.splice(levelIndex, 1);
    this.byId.delete(orderId);
    return CancelCode.OK;
  }

  order(orderId: number): RestingOrderView | undefined {
    const order = this.byId.get(orderId);
    return order ? { ...order } : undefined;
  }

  bestBid(): number {
    return this.bids[0]?.price ?? 0;
  }

  bestAsk(): number {
    return this.asks[0]?.price ?? 0;
  }

  depth(side: Side, maxLevels: number): LevelView[] {
    const levels = side === Side.BUY ? this.bids : this.asks;
    return levels.slice(0, Math.max(0, maxLevels)).map((level) => ({
      price: level.price,
      quantity: level.orders.reduce((sum, o) => sum + o.quantity, 0),
      orders: level.orders.length,
    }));
  }

  quoteMarket(side: Side, quantity: number): MarketQuote {
    const levels = side === Side.BUY ? this.asks : this.bids;
    const quote: MarketQuote = { quantity: 0, notional: 0, worstPrice: 0 };
    for (const level of levels) {
      if (quote.quantity >= quantity) break;
      const available = level.orders.reduce((sum, o) => sum + o.quantity, 0);
      const take = Math.min(available, quantity - quote.quantity);
      quote.quantity += take;
      quote.notional += take * level.price;
      quote.worstPrice = level.price;
    }
    return quote;
  }

  snapshot(): BookSnapshot {
    const copy = (levels: Level[]) =>
      levels.map((l) => ({
        price: l.price,
        orders: l.orders.map((o) => ({ id: o.id, owner: o.owner, quantity: o.quantity })),
      }));
    return { bids: copy(this.bids), asks: copy(this.asks) };
  }

  checkInvariants(): string[] {
    const problems: string[] = [];
    let counted = 0;
    for (const [name, levels, side] of [
      ['bids', this.bids, Side.BUY],
      ['asks', this.asks, Side.SELL],
    ] as const) {
      levels.forEach((level, i) => {
        if (level.orders.length === 0) problems.push(`${name}[${i}] is empty`);
        const next = levels[i + 1];
        if (next && (side === Side.BUY ? next.price >= level.price : next.price <= level.price)) {
          problems.push(`${name} not strictly ordered at ${i}`);
        }
        for (const o of level.orders) {
          counted++;
          if (o.quantity <= 0) problems.push(`order ${o.id} has quantity ${o.quantity}`);
          if (o.price !== level.price || o.side !== side) problems.push(`order ${o.id} is on the wrong level`);
          if (this.byId.get(o.id) !== o) problems.push(`order ${o.id} missing from the index`);
        }
      });
    }
    if (counted !== this.byId.size) problems.push(`index holds ${this.byId.size} orders, levels ${counted}`);
    if (this.bids.length > 0 && this.asks.length > 0 && this.bids[0]!.price >= this.asks[0]!.price) {
      problems.push('book is crossed');
    }
    return problems;
  }
}

/** Whether an incoming order may trade at a resting price. */
function acceptable(order: NewOrder, restingPrice: number): boolean {
  if (order.type === OrderType.MARKET) return true;
  return order.side === Side.BUY ? restingPrice <= order.price : restingPrice >= order.price;
}
