export type { MatchingBook } from './book';
export { ExecutionReport, fillsOf, type Fill } from './execution-report';
export { FastBook } from './fast-book';
export { ReferenceBook } from './reference-book';
export {
  CancelCode,
  CancelReason,
  OrderType,
  PlaceCode,
  Side,
  TimeInForce,
  type BookSnapshot,
  type LevelView,
  type MarketQuote,
  type NewOrder,
  type RestingOrderView,
} from './types';
export { validateOrder } from './validate';
