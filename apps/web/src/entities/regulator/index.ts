export { getInstitutions, getMarketOverview } from './api';
export { MARKET_OVERVIEW_REFRESH_MS, useInstitutions, useMarketOverview } from './hooks';
export { regulatorKeys } from './keys';
