/**
 * The non-empty price levels of one side, kept sorted so the best level is the LAST
 * element: new levels and removed levels are usually near the top of the book, so
 * inserts and removals shift only a few entries. Bids sort by price, asks by -price,
 * which gives one code path for both sides. A map finds a level by price in O(1).
 */
export class PriceLadder {
  private keys: Float64Array;
  private slots: Int32Array;
  length = 0;
  private readonly byPrice = new Map<number, number>();

  /** `sign` is +1 for bids (higher is better) and -1 for asks (lower is better). */
  constructor(
    private readonly sign: 1 | -1,
    capacity: number,
  ) {
    this.keys = new Float64Array(capacity);
    this.slots = new Int32Array(capacity);
  }

  /** Level slot at a price, or -1. */
  find(price: number): number {
    return this.byPrice.get(price) ?? -1;
  }

  /** Best level slot; only valid when length > 0. */
  best(): number {
    return this.slots[this.length - 1]!;
  }

  /** Level slot `rank` places from the best (0 = best). */
  at(rank: number): number {
    return this.slots[this.length - 1 - rank]!;
  }

  insert(price: number, slot: number): void {
    if (this.length === this.keys.length) this.grow();
    const key = this.sign * price;
    const i = this.lowerBound(key);
    this.keys.copyWithin(i + 1, i, this.length);
    this.slots.copyWithin(i + 1, i, this.length);
    this.keys[i] = key;
    this.slots[i] = slot;
    this.length++;
    this.byPrice.set(price, slot);
  }

  remove(price: number): void {
    const i = this.lowerBound(this.sign * price);
    this.keys.copyWithin(i, i + 1, this.length);
    this.slots.copyWithin(i, i + 1, this.length);
    this.length--;
    this.byPrice.delete(price);
  }

  removeBest(price: number): void {
    this.length--;
    this.byPrice.delete(price);
  }

  /** Whether the keys are strictly ascending and agree with the price map. For tests. */
  isConsistent(priceOf: (slot: number) => number): boolean {
    if (this.byPrice.size !== this.length) return false;
    for (let i = 0; i < this.length; i++) {
      const slot = this.slots[i]!;
      if (this.keys[i] !== this.sign * priceOf(slot) || this.byPrice.get(priceOf(slot)) !== slot) return false;
      if (i > 0 && this.keys[i - 1]! >= this.keys[i]!) return false;
    }
    return true;
  }

  private lowerBound(key: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    const slots = new Int32Array(this.slots.length * 2);
    slots.set(this.slots);
    this.keys = keys;
    this.slots = slots;
  }
}
