export { getMyTrades } from './api';
export { applyTrade } from './cache';
export { useMyTrades } from './hooks';
export { tradeKeys } from './keys';
