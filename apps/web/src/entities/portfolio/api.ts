import type { PortfolioAnalytics } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { portfolioKeys } from './keys';

/** GET /api/portfolio/analytics: cash, positions, P&L and portfolio value of the signed-in user, totals in `currency`. */
export async function getPortfolioAnalytics(currency?: string): Promise<PortfolioAnalytics> {
  return apiRequest<PortfolioAnalytics>('GET', urlFromQueryKey(portfolioKeys.analytics(currency)));
}
