import type { MyTrade } from '@meridian/schemas';

/**
 * One row of a Recent Transactions table (SPEC §2: type, asset, amount, status, time), whatever
 * moved the money: a trade today; servicing payments (coupons, redemptions, dividends) join as
 * another source mapped here, so every screen lists them the same way.
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
  /** Trade settlement status, or the payment's. */
  status: 'completed' | 'processing' | 'pending' | 'failed';
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
    time: trade.createdAt,
  };
}

/** All sources merged, newest first, at most `limit`. */
export function latestTransactions(sources: readonly (readonly Transaction[])[], limit: number): Transaction[] {
  return sources
    .flat()
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || a.key.localeCompare(b.key))
    .slice(0, limit);
}
