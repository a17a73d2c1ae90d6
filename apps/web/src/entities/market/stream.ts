import type { StreamMessage } from '@meridian/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setStreamStatus, useStreamStatus, type StreamStatus } from '@/lib/stream-status';
import { applyStreamMessage, refreshStreamedQueries, streamMessageSchema } from './stream-cache';

/**
 * Live market data over `/api/stream` (a WebSocket authenticated by the session cookie).
 * Frames are validated and written into the TanStack Query cache; the polling of SPEC §7
 * runs only while the stream is down (see useStreamStatus).
 */
export type { StreamStatus };

export const STREAM_PATH = '/api/stream';
const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 15_000;

/** Delay before reconnect attempt `attempt` (0-based): doubling, capped, with jitter so clients spread out. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function streamUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${STREAM_PATH}`;
}

/** Parses one text frame; null when it is not a message we know. */
export function parseStreamFrame(data: unknown) {
  if (typeof data !== 'string') return null;
  try {
    const parsed = streamMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Watches the per-instrument `seq` of public frames (book, trade, ticker): answers true when
 * a frame is not the one after the last seen of its instrument, i.e. frames were missed (a
 * dropped frame, another instance took the book over) and the screens must resync from REST.
 */
export function gapDetector(): (message: StreamMessage) => boolean {
  const last = new Map<string, number>();
  return (message) => {
    if (message.type === 'order' || message.seq === undefined) return false;
    const id =
      message.type === 'book'
        ? message.instrumentId
        : message.type === 'trade'
          ? message.trade.instrumentId
          : message.ticker.instrumentId;
    const previous = last.get(id);
    last.set(id, message.seq);
    return previous !== undefined && message.seq !== previous + 1;
  };
}

type Connection = { close: () => void };

/** Opens the stream and keeps it open (reconnecting with backoff) until `close`. */
export function openStream(client: QueryClient, onStatus: (status: StreamStatus) => void): Connection {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let hadConnection = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const connect = () => {
    onStatus('connecting');
    socket = new WebSocket(streamUrl(window.location));
    const missed = gapDetector();
    socket.onopen = () => {
      attempt = 0;
      onStatus('live');
      // Whatever happened while we were away is only in the database: fetch it once.
      if (hadConnection) refreshStreamedQueries(client);
      hadConnection = true;
    };
    socket.onmessage = (event) => {
      const message = parseStreamFrame(event.data);
      if (!message) return;
      if (missed(message)) refreshStreamedQueries(client);
      applyStreamMessage(client, message);
    };
    socket.onclose = () => {
      if (closed) return;
      onStatus('down');
      retryTimer = setTimeout(connect, reconnectDelay(attempt++));
    };
  };

  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close();
      onStatus('idle');
    },
  };
}

// One connection per tab, shared by every screen that wants live data.
let users = 0;
let connection: Connection | undefined;

/** Keeps the stream open while the calling screen is mounted (and `enabled`, i.e. signed in). */
export function useLiveStream(enabled = true): StreamStatus {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    connection ??= openStream(client, setStreamStatus);
    return () => {
      users -= 1;
      if (users === 0) {
        connection?.close();
        connection = undefined;
      }
    };
  }, [client, enabled]);
  return useStreamStatus();
}
