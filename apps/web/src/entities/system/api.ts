import type { Health, SystemStatus } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { systemKeys } from './keys';

/** GET /api/system/status: uptime, load and throughput figures of the platform (public). */
export async function getSystemStatus(): Promise<SystemStatus> {
  return apiRequest<SystemStatus>('GET', urlFromQueryKey(systemKeys.status()));
}

export type ApiLatency = { roundTripMs: number; health: Health };

/** Round trip of GET /api/health as this browser sees it (never served from a cache). */
export async function probeApiLatency(signal?: AbortSignal): Promise<ApiLatency> {
  const started = performance.now();
  const response = await fetch('/api/health', { cache: 'no-store', credentials: 'include', signal });
  // No status check: a degraded server answers 503 with a health body worth showing.
  const health = (await response.json()) as Health;
  return { roundTripMs: performance.now() - started, health };
}
