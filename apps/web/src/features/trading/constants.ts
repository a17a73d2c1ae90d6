import { ORDER_BOOK_DEPTH as BOOK_DEPTH, TRADING_MESSAGES, type CandleInterval } from '@meridian/schemas';

/** Trading Interface constants (SPEC §2, §4, §7, §9). */

/** Price levels per side in the Order Book. */
export const ORDER_BOOK_DEPTH = BOOK_DEPTH;
/**
 * A limit order committing more than this share (percent) of what is available — cash for a
 * buy, units for a sell — asks for confirmation first, as every market order does.
 */
export const CONFIRM_SHARE_PERCENT = 50;
/** Orders listed under Account & Orders. */
export const RECENT_ORDERS = 5;
/** Placeholder cards while the screen loads. */
export const LOADING_PLACEHOLDERS = 8;

/** The chart: a 24-point hourly series, built from real trades. */
export const CHART_INTERVAL: CandleInterval = '1h';
export const CHART_POINTS = 24;

/**
 * SPEC §7: this screen re-fetches the instrument list every 30 s. Market data, the book,
 * candles and own orders poll at their entity's cadence, only while the stream is down.
 */
export const INSTRUMENTS_REFRESH_MS = 30_000;

export const TRADING_TOASTS = {
  invalidOrder: { title: TRADING_MESSAGES.invalidOrderTitle, description: TRADING_MESSAGES.requiredFields },
  orderFailedTitle: TRADING_MESSAGES.orderFailedTitle,
  orderPlacedTitle: 'Order Placed',
  orderCancelledTitle: 'Order Cancelled',
  cancelFailedTitle: 'Cancel Failed',
} as const;

export const EMPTY_STATES = {
  noInstrument: 'Select an Instrument',
  noOrderBook: 'Select an instrument to view order book',
  noRecentOrders: 'No recent orders',
} as const;
