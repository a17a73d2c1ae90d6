import { useQuery } from '@tanstack/react-query';
import { getPortfolioAnalytics } from './api';
import { portfolioKeys } from './keys';

/** SPEC §7: the portfolio refreshes every 30 s; own-order frames on the stream invalidate it sooner. */
export const PORTFOLIO_REFRESH_MS = 30_000;

type Options = { enabled?: boolean; meta?: Record<string, unknown>; currency?: string };

/** Totals in `currency` (the reporting currency; USD when absent). */
export function usePortfolioAnalytics({ enabled = true, meta, currency }: Options = {}) {
  return useQuery({
    queryKey: portfolioKeys.analytics(currency),
    queryFn: () => getPortfolioAnalytics(currency),
    refetchInterval: PORTFOLIO_REFRESH_MS,
    enabled,
    meta,
  });
}
