import type { UseQueryResult } from '@tanstack/react-query';
import { useInstruments } from '@/entities/instrument';
import { usePortfolioAnalytics as usePortfolioAnalyticsQuery } from '@/entities/portfolio';
import { useAuth } from '@/entities/session';
import { useApiLatency as useApiLatencyQuery, useSystemStatus as useSystemStatusQuery } from '@/entities/system';
import { useRecentTransactions as useRecentTransactionsQuery, type Transaction } from '@/entities/transaction';
import { errorStatus } from '@/lib/api';
import { useReportingCurrency } from '@/lib/reporting-currency';
import { LATENCY_PROBE_MS, SYSTEM_STATUS_REFRESH_MS } from '../constants';

/**
 * The landing page is public: its personal queries run only when signed in, treat 401 as
 * "no data" instead of ending the session (query meta, see lib/query-client), and 404 as
 * "not offered by this server yet". Data comes from the entities' shared cache entries.
 */
export type Optional<T> = { available: true; data: T } | { available: false };

const PERSONAL = { expectsUnauthorized: true };

/** A personal query seen as Optional: its data, or "not available" after a 401 or 404. */
function optional<T>(query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isLoading' | 'isError'>) {
  const status = errorStatus(query.error);
  const unavailable = query.data === undefined && (status === 401 || status === 404);
  const data: Optional<T> | undefined =
    query.data !== undefined ? { available: true, data: query.data } : unavailable ? { available: false } : undefined;
  return { data, isLoading: query.isLoading, isError: query.isError && !unavailable };
}

export function useSystemStatus() {
  return useSystemStatusQuery(SYSTEM_STATUS_REFRESH_MS);
}

/** Round trip of GET /api/health as this browser sees it. */
export function useApiLatency() {
  return useApiLatencyQuery(LATENCY_PROBE_MS);
}

export function usePortfolioAnalytics() {
  const { isAuthenticated } = useAuth();
  const [currency] = useReportingCurrency();
  return optional(usePortfolioAnalyticsQuery({ enabled: isAuthenticated, meta: PERSONAL, currency }));
}

/** The user's latest trades and servicing payments (coupons, redemptions, dividends…), newest first. */
export function useRecentTransactions(limit: number) {
  const { isAuthenticated } = useAuth();
  return optional<Transaction[]>(useRecentTransactionsQuery(limit, { enabled: isAuthenticated, meta: PERSONAL }));
}

/** Number of listed instruments, for the Market Overview link card. */
export function useListedInstrumentCount(): number | undefined {
  const { isAuthenticated } = useAuth();
  return useInstruments({ enabled: isAuthenticated, meta: PERSONAL }).data?.length;
}
