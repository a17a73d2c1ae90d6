export { getPortfolioAnalytics } from './api';
export { PORTFOLIO_REFRESH_MS, usePortfolioAnalytics } from './hooks';
export { portfolioKeys } from './keys';
export { ASSET_CLASS, assetClassShares, holdingShares, topShares, type Share } from './shares';
