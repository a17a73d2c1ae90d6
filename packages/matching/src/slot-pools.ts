/**
 * Struct-of-arrays storage for the fast book. An order or a level is a slot index into
 * typed columns; freed slots are chained through `next` and reused, so the steady
 * state allocates nothing. Columns double when full (rare, amortised).
 */

export const NIL = -1;

function grown<T extends Float64Array | Int32Array | Uint8Array>(column: T, size: number): T {
  const next = new (column.constructor as new (n: number) => T)(size);
  next.set(column);
  return next;
}

/** Resting orders, each linked into its price level's FIFO queue (intrusive list). */
export class OrderPool {
  id: Float64Array;
  owner: Float64Array;
  quantity: Float64Array;
  level: Int32Array;
  prev: Int32Array;
  next: Int32Array;
  private freeHead = NIL;
  private used = 0;

  constructor(capacity: number) {
    this.id = new Float64Array(capacity);
    this.owner = new Float64Array(capacity);
    this.quantity = new Float64Array(capacity);
    this.level = new Int32Array(capacity);
    this.prev = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
  }

  allocate(): number {
    const slot = this.freeHead;
    if (slot !== NIL) {
      this.freeHead = this.next[slot]!;
      return slot;
    }
    if (this.used === this.id.length) this.grow();
    return this.used++;
  }

  release(slot: number): void {
    this.quantity[slot] = 0;
    this.next[slot] = this.freeHead;
    this.freeHead = slot;
  }

  private grow(): void {
    const size = this.id.length * 2;
    this.id = grown(this.id, size);
    this.owner = grown(this.owner, size);
    this.quantity = grown(this.quantity, size);
    this.level = grown(this.level, size);
    this.prev = grown(this.prev, size);
    this.next = grown(this.next, size);
  }
}

/** Price levels: aggregated quantity and the head/tail of their order queue. */
export class LevelPool {
  price: Float64Array;
  /** Side (0 buy, 1 sell) of the level. */
  side: Uint8Array;
  quantity: Float64Array;
  count: Int32Array;
  head: Int32Array;
  tail: Int32Array;
  private freeHead = NIL;
  private used = 0;

  constructor(capacity: number) {
    this.price = new Float64Array(capacity);
    this.side = new Uint8Array(capacity);
    this.quantity = new Float64Array(capacity);
    this.count = new Int32Array(capacity);
    this.head = new Int32Array(capacity);
    this.tail = new Int32Array(capacity);
  }

  allocate(price: number, side: number): number {
    let slot = this.freeHead;
    if (slot !== NIL) this.freeHead = this.head[slot]!;
    else {
      if (this.used === this.price.length) this.grow();
      slot = this.used++;
    }
    this.price[slot] = price;
    this.side[slot] = side;
    this.quantity[slot] = 0;
    this.count[slot] = 0;
    this.head[slot] = NIL;
    this.tail[slot] = NIL;
    return slot;
  }

  release(slot: number): void {
    this.head[slot] = this.freeHead;
    this.freeHead = slot;
  }

  private grow(): void {
    const size = this.price.length * 2;
    this.price = grown(this.price, size);
    this.side = grown(this.side, size);
    this.quantity = grown(this.quantity, size);
    this.count = grown(this.count, size);
    this.head = grown(this.head, size);
    this.tail = grown(this.tail, size);
  }
}
