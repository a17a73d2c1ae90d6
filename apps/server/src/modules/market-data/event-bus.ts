import type { StreamMessage } from '@meridian/schemas';

/**
 * A market event; `userId` restricts delivery to that user's connections (own order updates);
 * `remote` marks one published by another instance of the cluster (fan-out, NatsEventBus).
 */
export type MarketEvent = StreamMessage & { userId?: string; remote?: true };
export type MarketEventListener = (event: MarketEvent) => void;

/**
 * Which public events (trade, book, ticker) published on OTHER instances a listener needs:
 * `all` (a client stream: every one, in order per instrument), `tickers` (the latest quotes
 * and "something traded": the trading mirror of other owners' best prices, surveillance), or
 * `none` (its own instance's events only). A cluster carries each kind only to the instances
 * with a listener for it (decision 0089); on one process every listener sees every event.
 */
export type RemoteInterest = 'all' | 'tickers' | 'none';

export interface SubscribeOptions {
  /** Also this user's own events published elsewhere (order updates): decision 0074. */
  userId?: string;
  /** Public events published elsewhere; `all` when not given. */
  remote?: RemoteInterest;
}

/**
 * Fan-out of market events to stream connections. The in-process bus below serves one
 * API instance; a cluster uses NatsEventBus (nats-bus.ts), which delivers every instance's
 * events to every other, without touching publishers or the stream.
 */
export interface MarketEventBus {
  publish(event: MarketEvent): void;
  /**
   * Returns the unsubscribe function. A listener gets every event published on this instance
   * and the public ones (trade, book, ticker) published on the others; a user's own events
   * (`userId` set) published on another instance reach it only when it names that user in
   * `options.userId` (a cluster carries them only where someone listens: decision 0074), and
   * of the public ones only those `options.remote` asks for (decision 0089).
   */
  subscribe(listener: MarketEventListener, options?: SubscribeOptions): () => void;
}

export class LocalEventBus implements MarketEventBus {
  private readonly listeners = new Set<MarketEventListener>();

  publish(event: MarketEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One broken connection must not stop delivery to the others.
      }
    }
  }

  subscribe(listener: MarketEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }
}

/**
 * Coalesces bursts per key: the first call runs after `delayMs`, later calls within the
 * window are folded into it. Used so a busy book sends at most a few updates a second.
 */
export class Coalescer {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly delayMs: number) {}

  schedule(key: string, run: () => void): void {
    if (this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      run();
    }, this.delayMs);
    timer.unref();
    this.timers.set(key, timer);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
