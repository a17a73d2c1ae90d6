import { useQuery } from '@tanstack/react-query';
import {
  healthSchema,
  instrumentListSchema,
  myTradeListSchema,
  portfolioAnalyticsSchema,
  systemStatusSchema,
} from '@meridian/schemas';
import type { z } from 'zod';
import { useAuth } from '@/hooks/use-auth';
import { errorStatus, getQueryFn } from '@/lib/api';
import { LATENCY_PROBE_MS, PORTFOLIO_REFRESH_MS, SYSTEM_STATUS_REFRESH_MS, TRADES_REFRESH_MS } from '../constants';

/**
 * The landing page is public: its personal queries run only when signed in, treat 401 as
 * "no data" instead of ending the session, and 404 as "not offered by this server yet".
 * Every response is validated with its shared schema.
 */
export type Optional<T> = { available: true; data: T } | { available: false };

// Keys of this page are namespaced ('landing', url) so they never collide with a feature's
// own cache entry for the same URL; the fetch therefore names its URL explicitly.
async function fetchParsed<S extends z.ZodType>(
  url: string,
  schema: S,
  signal: AbortSignal,
): Promise<z.output<S> | null> {
  const data = await getQueryFn<unknown>({ on401: 'returnNull' })({ queryKey: [url], signal } as never);
  return data === null ? null : schema.parse(data);
}

async function fetchOptional<S extends z.ZodType>(
  url: string,
  schema: S,
  signal: AbortSignal,
): Promise<Optional<z.output<S>>> {
  try {
    const data = await fetchParsed(url, schema, signal);
    return data === null ? { available: false } : { available: true, data };
  } catch (error) {
    if (errorStatus(error) === 404) return { available: false };
    throw error;
  }
}

export function useSystemStatus() {
  return useQuery({
    queryKey: ['landing', '/api/system/status'],
    queryFn: ({ signal }) => fetchParsed('/api/system/status', systemStatusSchema, signal),
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
      const health = healthSchema.parse(await response.json());
      return { roundTripMs: performance.now() - started, health };
    },
    refetchInterval: LATENCY_PROBE_MS,
  });
}

export function usePortfolioAnalytics() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['landing', '/api/portfolio/analytics'],
    queryFn: ({ signal }) => fetchOptional('/api/portfolio/analytics', portfolioAnalyticsSchema, signal),
    enabled: isAuthenticated,
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

export function useMyTrades() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['landing', '/api/trades/my'],
    queryFn: ({ signal }) => fetchOptional('/api/trades/my', myTradeListSchema, signal),
    enabled: isAuthenticated,
    refetchInterval: TRADES_REFRESH_MS,
  });
}

/** Number of listed instruments, for the Market Overview link card. */
export function useListedInstrumentCount() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['landing', '/api/instruments'],
    queryFn: ({ signal }) => fetchOptional('/api/instruments', instrumentListSchema, signal),
    enabled: isAuthenticated,
    select: (result) => (result.available ? result.data.length : undefined),
  });
}
