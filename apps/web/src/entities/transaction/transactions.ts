import type { MyTrade, ServicingPayment } from '@meridian/schemas';

/**
 * One row of a Recent Transactions table (SPEC §2: type, asset, amount, status, time), whatever
 * moved the money: a trade, or a servicing payment (coupon, redemption, dividend…), each source
 * mapped here, so every screen lists them the same way.
 */
export interface Transaction {
  /** Unique across sources: `<source>:<id>`. */
  key: string;
  /** 'Buy', 'Sell', or a payment type ('Coupon', 'Redemption', …). */
  type: string;
  /** 'in' when cash comes to the user (a sale, a payment received), 'out' when it leaves. */
  direction: 'in' | 'out';
  asset: string;
  /** Decimal string in `currency`. */
  amount: string;
  currency: string;
  /** Trade settlement status, or the payment's (failed: the issuer missed it). */
  status: 'completed' | 'processing' | 'pending' | 'failed';
  /** Units and unit price of a trade; null for a payment. */
  quantity: number | null;
  price: string | null;
  /** ISO-8601 UTC. */
  time: string;
}

export function tradeTransaction(trade: MyTrade): Transaction {
  return {
    key: `trade:${trade.id}`,
    type: trade.side === 'buy' ? 'Buy' : 'Sell',
    direction: trade.side === 'buy' ? 'out' : 'in',
    asset: trade.instrumentName,
    amount: trade.amount,
    currency: trade.currency,
    status: trade.settlementStatus,
    quantity: trade.quantity,
    price: trade.price,
    time: trade.createdAt,
  };
}

/** What a holder calls each ACTUS payment event. */
export const PAYMENT_TYPE_NAMES: Record<string, string> = {
  IP: 'Coupon',
  PR: 'Principal',
  MD: 'Redemption',
  PP: 'Prepayment',
  DV: 'Dividend',
  FP: 'Fee',
  XD: 'Exercise',
  STD: 'Settlement',
};

/** A coupon, redemption, dividend… received (completed) or missed by the issuer (failed). */
export function paymentTransaction(payment: ServicingPayment): Transaction {
  return {
    key: `payment:${payment.id}`,
    type: `${PAYMENT_TYPE_NAMES[payment.eventType] ?? payment.eventType}${payment.status === 'failed' ? ' missed' : ''}`,
    direction: 'in',
    asset: payment.instrumentName,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    quantity: null,
    price: null,
    time: payment.time,
  };
}

/** All sources merged, newest first, at most `limit`. */
export function latestTransactions(sources: readonly (readonly Transaction[])[], limit: number): Transaction[] {
  return sources
    .flat()
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || a.key.localeCompare(b.key))
    .slice(0, limit);
}
