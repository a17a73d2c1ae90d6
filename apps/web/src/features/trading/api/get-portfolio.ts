import { portfolioAnalyticsSchema, type PortfolioAnalytics } from '@meridian/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { marketKeys } from '@/lib/stream-cache';
import { POLL_MS } from '../constants';

/** Cash, positions, P&L and portfolio value of the signed-in user (SPEC §7: every 30 s). */
export async function getPortfolio(): Promise<PortfolioAnalytics> {
  return portfolioAnalyticsSchema.parse(await apiRequest('GET', '/api/portfolio/analytics'));
}

// Own-order frames on the stream invalidate this query, so a fill shows without waiting 30 s.
export const portfolioQuery = () =>
  queryOptions({ queryKey: marketKeys.portfolio(), queryFn: getPortfolio, refetchInterval: POLL_MS.portfolio });

export function usePortfolio() {
  return useQuery(portfolioQuery());
}
