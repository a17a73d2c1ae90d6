export { getPortfolioAnalytics } from './api';
export { PORTFOLIO_REFRESH_MS, usePortfolioAnalytics } from './hooks';
export { portfolioKeys } from './keys';
