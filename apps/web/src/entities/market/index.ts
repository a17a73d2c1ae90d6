export { getCandles, getMarketData, getOrderBook } from './api';
export { MARKET_POLL_MS, useCandles, useMarketData, useOrderBook } from './hooks';
export { marketKeys } from './keys';
export { refreshStreamedQueries } from './stream-cache';
export { useLiveStream, type StreamStatus } from './stream';
