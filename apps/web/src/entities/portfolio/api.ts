import { portfolioAnalyticsSchema, type PortfolioAnalytics } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { portfolioKeys } from './keys';

/** GET /api/portfolio/analytics: cash, positions, P&L and portfolio value of the signed-in user. */
export async function getPortfolioAnalytics(): Promise<PortfolioAnalytics> {
  return portfolioAnalyticsSchema.parse(await apiRequest('GET', urlFromQueryKey(portfolioKeys.analytics())));
}
