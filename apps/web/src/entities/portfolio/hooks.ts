import { useQuery } from '@tanstack/react-query';
import { getPortfolioAnalytics } from './api';
import { portfolioKeys } from './keys';

/** SPEC §7: the portfolio refreshes every 30 s; own-order frames on the stream invalidate it sooner. */
export const PORTFOLIO_REFRESH_MS = 30_000;

type Options = { enabled?: boolean; meta?: Record<string, unknown> };

export function usePortfolioAnalytics({ enabled = true, meta }: Options = {}) {
  return useQuery({
    queryKey: portfolioKeys.analytics(),
    queryFn: getPortfolioAnalytics,
    refetchInterval: PORTFOLIO_REFRESH_MS,
    enabled,
    meta,
  });
}
