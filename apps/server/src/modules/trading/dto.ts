import { fromMinorUnits, type Order, type Trade } from '@meridian/schemas';
import type { InstrumentRef, OrderState } from './desk';
import type { TradeRecord } from './order-flow';

/** Volume-weighted average fill price with 4 decimals, from hundredths. */
export function averagePrice(filledValue: bigint, filledQuantity: bigint): string | null {
  if (filledQuantity === 0n) return null;
  // hundredths x 100 / quantity = ten-thousandths, rounded half up.
  const scaled = (filledValue * 100n * 2n + filledQuantity) / (2n * filledQuantity);
  return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
}

export function orderDto(o: OrderState, instrument: Pick<InstrumentRef, 'name' | 'currency'>): Order {
  return {
    id: o.id,
    instrumentId: o.instrumentId,
    instrumentName: instrument.name,
    currency: instrument.currency,
    orderType: o.side,
    type: o.type,
    timeInForce: o.timeInForce,
    postOnly: o.postOnly,
    quantity: Number(o.quantity),
    filledQuantity: Number(o.filledQuantity),
    remainingQuantity: Number(o.quantity - o.filledQuantity),
    price: o.price === null ? null : fromMinorUnits(o.price),
    averagePrice: averagePrice(o.filledValue, o.filledQuantity),
    status: o.status,
    cancelReason: o.cancelReason,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export interface TradeRowLike {
  id: string;
  instrumentId: string;
  takerSide: 'buy' | 'sell';
  price: bigint;
  quantity: bigint;
  createdAt: Date;
  settlementStatus?: Trade['settlementStatus'] | null;
}

export function tradeDto(t: TradeRowLike | TradeRecord, instrument: Pick<InstrumentRef, 'name' | 'currency'>): Trade {
  return {
    id: t.id,
    instrumentId: t.instrumentId,
    instrumentName: instrument.name,
    currency: instrument.currency,
    price: fromMinorUnits(t.price),
    quantity: Number(t.quantity),
    amount: fromMinorUnits(t.price * t.quantity),
    takerSide: t.takerSide,
    // Trades settle delivery-versus-payment in the transaction that creates them.
    settlementStatus: ('settlementStatus' in t && t.settlementStatus) || 'completed',
    createdAt: t.createdAt.toISOString(),
  };
}
