import {
  ExecutionReport,
  FastBook,
  OrderType,
  Side,
  TimeInForce,
  type NewOrder,
  type PlaceCode,
} from '@meridian/matching';

export type OrderSide = 'buy' | 'sell';
export type OrderStatus = 'open' | 'filled' | 'cancelled';
export type CancelReason = 'user' | 'no_liquidity' | 'self_trade';

/** An order as the desk tracks it; mirrors its `orders` row after each commit. */
export interface OrderState {
  id: string;
  userId: string;
  instrumentId: string;
  side: OrderSide;
  type: 'market' | 'limit';
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  /** Limit price in hundredths; null for market orders. */
  price: bigint | null;
  quantity: bigint;
  filledQuantity: bigint;
  filledValue: bigint;
  status: OrderStatus;
  cancelReason: CancelReason | null;
  /** Cash (buy) or units (sell) this order still holds reserved in the ledger. */
  reserved: bigint;
  idempotencyKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface InstrumentRef {
  id: string;
  name: string;
  currency: string;
  /** Business days from trade to settlement; 0 (default) settles DvP in the trade's own transaction. */
  settlementCycle?: number;
}

/** Small integers for users, as the engine's `owner` (self-trade prevention). */
export class OwnerRegistry {
  private readonly ids = new Map<string, number>();
  of(userId: string): number {
    let id = this.ids.get(userId);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(userId, id);
    }
    return id;
  }
}

/**
 * One instrument's in-memory market: the matching book plus the open orders resting in
 * it. Only the instrument's serial queue touches a desk, so it has a single writer; after
 * any failed transaction the desk is rebuilt from the database, which stays the truth.
 */
export class InstrumentDesk {
  book = new FastBook();
  private readonly resting = new Map<number, OrderState>();
  private readonly engineIds = new Map<string, number>();
  private nextEngineId = 1;
  readonly report = new ExecutionReport();
  private readonly command: NewOrder = {
    id: 0,
    owner: 0,
    side: Side.BUY,
    type: OrderType.LIMIT,
    price: 0,
    quantity: 0,
    timeInForce: TimeInForce.GTC,
    postOnly: false,
  };

  constructor(
    readonly instrument: InstrumentRef,
    private readonly owners: OwnerRegistry,
  ) {}

  /** Replaces the book with these open orders, replayed in arrival order. */
  load(openOrders: OrderState[]): void {
    this.book = new FastBook();
    this.resting.clear();
    this.engineIds.clear();
    for (const order of openOrders) {
      this.submit(order, order.quantity - order.filledQuantity, { asResting: true });
      if (this.report.fillCount > 0 || this.report.restingQuantity === 0) {
        throw new Error(
          `open order ${order.id} of ${this.instrument.id} does not rest cleanly; book data is inconsistent`,
        );
      }
    }
  }

  /** Runs an order through the engine; the outcome is in `this.report`. */
  submit(order: OrderState, quantity: bigint, options: { asResting?: boolean } = {}): PlaceCode {
    const engineId = this.nextEngineId++;
    const c = this.command;
    c.id = engineId;
    c.owner = this.owners.of(order.userId);
    c.side = order.side === 'buy' ? Side.BUY : Side.SELL;
    c.type = order.type === 'limit' ? OrderType.LIMIT : OrderType.MARKET;
    c.price = order.price === null ? 0 : Number(order.price);
    c.quantity = Number(quantity);
    c.timeInForce = options.asResting ? TimeInForce.GTC : TimeInForce[order.timeInForce];
    c.postOnly = options.asResting ? false : order.postOnly;
    const code = this.book.place(c, this.report);
    if (this.report.restingQuantity > 0) {
      this.resting.set(engineId, order);
      this.engineIds.set(order.id, engineId);
    }
    return code;
  }

  /** The resting order behind an engine id (a maker in a fill). */
  restingOrder(engineId: number): OrderState {
    const order = this.resting.get(engineId);
    if (!order) throw new Error(`engine order ${engineId} is not tracked`);
    return order;
  }

  /** Forgets a maker that left the book by filling. */
  retire(engineId: number): void {
    const order = this.resting.get(engineId);
    if (order) this.engineIds.delete(order.id);
    this.resting.delete(engineId);
  }

  /** An open order of this instrument by id, if it rests here. */
  find(orderId: string): OrderState | undefined {
    const engineId = this.engineIds.get(orderId);
    return engineId === undefined ? undefined : this.resting.get(engineId);
  }

  /** Takes an open order off the book; false if it was not resting. */
  cancel(orderId: string): boolean {
    const engineId = this.engineIds.get(orderId);
    if (engineId === undefined) return false;
    this.book.cancel(engineId);
    this.retire(engineId);
    return true;
  }
}
