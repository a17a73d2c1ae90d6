import type { PlaceOrder } from '@meridian/schemas';
import { AppError } from '../../errors';
import type { AuditContext } from '../audit/record';
import type { InstrumentRef, OrderState } from './desk';
import type { Outcome } from './order-flow';

// What travels between an entry instance and a book's owner over NATS (decisions 0029, 0081):
// the requests and replies of one message (arrays, same order), orders and outcomes as plain JSON.

export interface RoutedAnswer {
  outcome: Outcome;
  instrument?: InstrumentRef;
}

/** `audit`: the entry instance's request context (actor, permission, request id, address) for the audit row. */
export type Request =
  | {
      op: 'place';
      userId: string;
      input: PlaceOrder;
      idempotencyKey: string | null;
      hops: number;
      audit?: AuditContext;
    }
  | { op: 'cancel'; userId: string; orderId: string; hops: number; audit?: AuditContext }
  | { op: 'close'; instrumentId: string; status: string; hops: number }
  | { op: 'depth'; instrumentId: string; levels: number; hops: number };

export type Reply =
  { ok: true; value: unknown } | { ok: false; status: number; code: string; message: string; details?: unknown };

/**
 * An order as it travels back from its owner (decision 0081): every field of OrderState in
 * this order, amounts as decimal strings, times as epoch milliseconds. Plain JSON, so neither
 * side runs a replacer or reviver over every key.
 */
export type WireOrder = [
  id: string,
  userId: string,
  instrumentId: string,
  side: OrderState['side'],
  type: OrderState['type'],
  timeInForce: OrderState['timeInForce'],
  postOnly: boolean,
  price: string | null,
  quantity: string,
  filledQuantity: string,
  filledValue: string,
  status: OrderState['status'],
  cancelReason: OrderState['cancelReason'],
  reserved: string,
  idempotencyKey: string | null,
  createdAt: number,
  updatedAt: number,
];

export function encodeOrder(o: OrderState): WireOrder {
  return [
    o.id,
    o.userId,
    o.instrumentId,
    o.side,
    o.type,
    o.timeInForce,
    o.postOnly,
    o.price === null ? null : o.price.toString(),
    o.quantity.toString(),
    o.filledQuantity.toString(),
    o.filledValue.toString(),
    o.status,
    o.cancelReason,
    o.reserved.toString(),
    o.idempotencyKey,
    o.createdAt.getTime(),
    o.updatedAt.getTime(),
  ];
}

export function decodeOrder(w: WireOrder): OrderState {
  return {
    id: w[0],
    userId: w[1],
    instrumentId: w[2],
    side: w[3],
    type: w[4],
    timeInForce: w[5],
    postOnly: w[6],
    price: w[7] === null ? null : BigInt(w[7]),
    quantity: BigInt(w[8]),
    filledQuantity: BigInt(w[9]),
    filledValue: BigInt(w[10]),
    status: w[11],
    cancelReason: w[12],
    reserved: BigInt(w[13]),
    idempotencyKey: w[14],
    createdAt: new Date(w[15]),
    updatedAt: new Date(w[16]),
  };
}

/** A place or cancel answer as it travels: the order, or the refusal thrown again at the entry instance. */
export type WireOutcome =
  | { ok: true; order: WireOrder; replayed: boolean; instrument?: InstrumentRef }
  | { ok: false; error: { status: number; code: string; message: string; details?: Record<string, unknown> } };

/**
 * An outcome as it travels: refusals become errors at the entry instance (thrown there by the
 * route); an order carries its instrument (from the owner's books), which the entry instance
 * may not hold.
 */
export function encodeOutcome(
  outcome: Outcome,
  books: { instrumentOf(instrumentId: string): InstrumentRef | undefined },
): WireOutcome {
  if (!outcome.ok) {
    const { error } = outcome;
    return {
      ok: false,
      error: { status: error.status, code: error.code, message: error.message, details: error.details },
    };
  }
  return {
    ok: true,
    order: encodeOrder(outcome.order),
    replayed: outcome.replayed,
    instrument: books.instrumentOf(outcome.order.instrumentId),
  };
}

/** An outcome back at the entry instance, with the instrument of its order when the owner sent it. */
export function decodeOutcome(v: WireOutcome): RoutedAnswer {
  if (!v.ok)
    return {
      outcome: { ok: false, error: new AppError(v.error.status, v.error.code, v.error.message, v.error.details) },
    };
  return { outcome: { ok: true, order: decodeOrder(v.order), replayed: v.replayed }, instrument: v.instrument };
}
