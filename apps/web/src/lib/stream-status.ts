import { useSyncExternalStore } from 'react';

/**
 * State of the tab's one live market-data stream (opened by entities/market). It lives in lib
 * because every stream-fed query, whatever its entity, polls only while the stream is not live.
 */
export type StreamStatus = 'idle' | 'connecting' | 'live' | 'down';

let status: StreamStatus = 'idle';
const listeners = new Set<() => void>();

export function setStreamStatus(next: StreamStatus): void {
  status = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current stream state, for polling fallbacks and a live indicator. */
export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
}

/** Polling interval for a query the stream feeds: the SPEC §7 interval only while the stream is not live. */
export function fallbackInterval(streamStatus: StreamStatus, intervalMs: number): number | false {
  return streamStatus === 'live' ? false : intervalMs;
}

/** Its polling interval, as a hook: `intervalMs` while the stream is down or closed, none while live. */
export function useStreamFallback(intervalMs: number): number | false {
  return fallbackInterval(useStreamStatus(), intervalMs);
}
