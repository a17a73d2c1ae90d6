/**
 * Shared vocabulary of the matching engine. Everything is an integer: prices are
 * ticks, quantities are lots, ids and owners are caller-chosen integers. Enumerations
 * are plain numeric constants so the hot path compares small integers.
 */

export const Side = { BUY: 0, SELL: 1 } as const;
export type Side = (typeof Side)[keyof typeof Side];

export const OrderType = { LIMIT: 0, MARKET: 1 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

/** GTC rests the remainder; IOC cancels it; FOK trades all immediately or nothing. */
export const TimeInForce = { GTC: 0, IOC: 1, FOK: 2 } as const;
export type TimeInForce = (typeof TimeInForce)[keyof typeof TimeInForce];

/** Outcome of `place`. Only OK changes the book. */
export const PlaceCode = {
  OK: 0,
  INVALID_QUANTITY: 1,
  INVALID_PRICE: 2,
  /** A combination the engine refuses: post-only market, post-only IOC/FOK, unknown enum value. */
  INVALID_ORDER: 3,
  DUPLICATE_ID: 4,
  POST_ONLY_WOULD_CROSS: 5,
  FOK_NOT_FILLABLE: 6,
} as const;
export type PlaceCode = (typeof PlaceCode)[keyof typeof PlaceCode];

export const CancelCode = { OK: 0, UNKNOWN_ORDER: 1 } as const;
export type CancelCode = (typeof CancelCode)[keyof typeof CancelCode];

/** Why part of an accepted order neither traded nor rested. */
export const CancelReason = {
  NONE: 0,
  /** IOC or market remainder: no more liquidity within the limit. */
  NO_LIQUIDITY: 1,
  /** Self-trade prevention (cancel newest): the incoming order met its own owner's resting order. */
  SELF_TRADE: 2,
} as const;
export type CancelReason = (typeof CancelReason)[keyof typeof CancelReason];

/**
 * An incoming order. A caller on a hot path keeps one instance and rewrites its fields
 * before each `place`, so the engine never forces an allocation per order.
 */
export interface NewOrder {
  /** Unique among live orders; a safe integer. */
  id: number;
  /** Whose order it is; two orders with the same owner never trade together. */
  owner: number;
  side: Side;
  type: OrderType;
  /** Limit price in ticks (positive safe integer); ignored for market orders. */
  price: number;
  /** Lots (positive safe integer). */
  quantity: number;
  timeInForce: TimeInForce;
  /** Reject instead of trading on arrival (maker only). Limit GTC only. */
  postOnly: boolean;
}

export interface RestingOrderView {
  id: number;
  owner: number;
  side: Side;
  price: number;
  quantity: number;
}

/** One price level: aggregated quantity and the number of orders queued there. */
export interface LevelView {
  price: number;
  quantity: number;
  orders: number;
}

/** The full book, best level first on each side, orders in time priority. */
export interface BookSnapshot {
  bids: { price: number; orders: { id: number; owner: number; quantity: number }[] }[];
  asks: { price: number; orders: { id: number; owner: number; quantity: number }[] }[];
}

/** What a market order of a given size would find on the opposite side right now. */
export interface MarketQuote {
  /** Lots that could trade (ignoring self-trade prevention). */
  quantity: number;
  /** Sum of price x lots over those lots, in tick-lots. */
  notional: number;
  /** Worst price reached, or 0 when nothing could trade. */
  worstPrice: number;
}
