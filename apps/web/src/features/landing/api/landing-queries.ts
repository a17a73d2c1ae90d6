import { useQuery } from '@tanstack/react-query';
import type { Health, MyTrade, PortfolioAnalytics, SystemStatus } from '@meridian/schemas';
import { useAuth } from '@/hooks/use-auth';
import { errorStatus, getQueryFn } from '@/lib/api';
import { LATENCY_PROBE_MS, PORTFOLIO_REFRESH_MS, SYSTEM_STATUS_REFRESH_MS, TRADES_REFRESH_MS } from '../constants';

/**
 * The landing page is public: its personal queries run only when signed in, treat 401 as
 * "no data" instead of ending the session, and 404 as "not offered by this server yet".
 */
export type Optional<T> = { available: true; data: T } | { available: false };

// Keys of this page are namespaced ('landing', url) so they never collide with a feature's
// own cache entry for the same URL; the fetch therefore names its URL explicitly.
async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T | null> {
  return await getQueryFn<T>({ on401: 'returnNull' })({ queryKey: [url], signal } as never);
}

async function fetchOptional<T>(url: string, signal: AbortSignal): Promise<Optional<T>> {
  try {
    const data = await fetchJson<T>(url, signal);
    return data === null ? { available: false } : { available: true, data };
  } catch (error) {
    if (errorStatus(error) === 404) return { available: false };
    throw error;
  }
}

export function useSystemStatus() {
  return useQuery({
    queryKey: ['landing', '/api/system/status'],
    queryFn: ({ signal }) => fetchJson<SystemStatus>('/api/system/status', signal),
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
  });
}

/** Round trip of GET /api/health as this browser sees it. */
export function useApiLatency() {
  return useQuery({
    queryKey: ['landing', 'latency-probe'],
    queryFn: async ({ signal }) => {
      const started = performance.now();
      const response = await fetch('/api/health', { cache: 'no-store', credentials: 'include', signal });
      const health = (await response.json()) as Health;
      return { roundTripMs: performance.now() - started, health };
    },
    refetchInterval: LATENCY_PROBE_MS,
  });
}

export function usePortfolioAnalytics() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['landing', '/api/portfolio/analytics'],
    queryFn: ({ signal }) => fetchOptional<PortfolioAnalytics>('/api/portfolio/analytics', signal),
    enabled: isAuthenticated,
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

export function useMyTrades() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['landing', '/api/trades/my'],
    queryFn: ({ signal }) => fetchOptional<MyTrade[]>('/api/trades/my', signal),
    enabled: isAuthenticated,
    refetchInterval: TRADES_REFRESH_MS,
  });
}

/** Number of listed instruments, for the Market Overview link card. */
export function useListedInstrumentCount() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['landing', '/api/instruments'],
    queryFn: ({ signal }) => fetchOptional<unknown[]>('/api/instruments', signal),
    enabled: isAuthenticated,
    select: (result) => (result.available && Array.isArray(result.data) ? result.data.length : undefined),
  });
}
