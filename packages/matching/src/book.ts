import type { ExecutionReport } from './execution-report';
import type {
  BookSnapshot,
  CancelCode,
  LevelView,
  MarketQuote,
  NewOrder,
  PlaceCode,
  RestingOrderView,
  Side,
} from './types';

/**
 * One price-time-priority limit order book for one instrument. Both implementations
 * (the reference book and the fast book) honour exactly this contract and are run
 * through the same test suite.
 *
 * Matching rules:
 * - an incoming order trades against the best opposite level first, and within a level
 *   against the oldest order first, always at the resting (maker) price;
 * - a limit GTC remainder rests; an IOC or market remainder is cancelled;
 * - FOK trades its whole quantity at once or is refused without touching the book;
 * - post-only is refused if it would trade on arrival;
 * - self-trade prevention, cancel-newest: when the incoming order reaches a resting
 *   order of the same owner, its remainder is cancelled (fills made before stand) and
 *   the resting order is left untouched.
 */
export interface MatchingBook {
  /** Places an order; writes fills and the outcome into `report`; returns `report.code`. */
  place(order: NewOrder, report: ExecutionReport): PlaceCode;
  /** Removes one resting order. */
  cancel(orderId: number): CancelCode;
  /** A resting order, or undefined. */
  order(orderId: number): RestingOrderView | undefined;
  /** Best bid price in ticks, or 0 when there is no bid. */
  bestBid(): number;
  /** Best ask price in ticks, or 0 when there is no ask. */
  bestAsk(): number;
  /** Up to `maxLevels` aggregated levels of one side, best first. */
  depth(side: Side, maxLevels: number): LevelView[];
  /** What a taker on `side` buying or selling `quantity` lots would find, best first. */
  quoteMarket(side: Side, quantity: number): MarketQuote;
  /** Every resting order, for tests and diagnostics. */
  snapshot(): BookSnapshot;
  /** Number of resting orders. */
  readonly size: number;
  /** Internal consistency problems (empty when consistent). For tests. */
  checkInvariants(): string[];
}
