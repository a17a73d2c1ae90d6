import { CancelReason, PlaceCode } from './types';

const INITIAL_FILL_CAPACITY = 16;

/** One trade as a plain object; built on demand by `fillsOf`, never on the hot path. */
export interface Fill {
  makerId: number;
  makerOwner: number;
  price: number;
  quantity: number;
  /** Lots the maker order still has resting after this fill (0 = fully filled, removed). */
  makerRemaining: number;
}

/**
 * The result of one `place`, written by the book into a caller-owned object. Fills go
 * into typed columns that grow by doubling and are reused, so steady-state placing
 * allocates nothing.
 */
export class ExecutionReport {
  code: PlaceCode = PlaceCode.OK;
  filledQuantity = 0;
  /** Lots of the incoming order now resting on the book. */
  restingQuantity = 0;
  /** Lots of the incoming order that neither traded nor rested. */
  cancelledQuantity = 0;
  cancelReason: CancelReason = CancelReason.NONE;
  fillCount = 0;
  makerIds = new Float64Array(INITIAL_FILL_CAPACITY);
  makerOwners = new Float64Array(INITIAL_FILL_CAPACITY);
  prices = new Float64Array(INITIAL_FILL_CAPACITY);
  quantities = new Float64Array(INITIAL_FILL_CAPACITY);
  makerRemaining = new Float64Array(INITIAL_FILL_CAPACITY);

  /** Clears the report before a new order; keeps the buffers. */
  reset(): void {
    this.code = PlaceCode.OK;
    this.filledQuantity = 0;
    this.restingQuantity = 0;
    this.cancelledQuantity = 0;
    this.cancelReason = CancelReason.NONE;
    this.fillCount = 0;
  }

  /** Appends one fill; called by the books while matching. */
  addFill(makerId: number, makerOwner: number, price: number, quantity: number, makerRemaining: number): void {
    const i = this.fillCount;
    if (i === this.makerIds.length) this.grow();
    this.makerIds[i] = makerId;
    this.makerOwners[i] = makerOwner;
    this.prices[i] = price;
    this.quantities[i] = quantity;
    this.makerRemaining[i] = makerRemaining;
    this.fillCount = i + 1;
    this.filledQuantity += quantity;
  }

  private grow(): void {
    const size = this.makerIds.length * 2;
    this.makerIds = copyInto(new Float64Array(size), this.makerIds);
    this.makerOwners = copyInto(new Float64Array(size), this.makerOwners);
    this.prices = copyInto(new Float64Array(size), this.prices);
    this.quantities = copyInto(new Float64Array(size), this.quantities);
    this.makerRemaining = copyInto(new Float64Array(size), this.makerRemaining);
  }
}

function copyInto(target: Float64Array<ArrayBuffer>, source: Float64Array): Float64Array<ArrayBuffer> {
  target.set(source);
  return target;
}

/** The fills of a report as objects, in execution order. */
export function fillsOf(report: ExecutionReport): Fill[] {
  const fills: Fill[] = [];
  for (let i = 0; i < report.fillCount; i++) {
    fills.push({
      makerId: report.makerIds[i]!,
      makerOwner: report.makerOwners[i]!,
      price: report.prices[i]!,
      quantity: report.quantities[i]!,
      makerRemaining: report.makerRemaining[i]!,
    });
  }
  return fills;
}
