import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { LocalEventBus, type MarketEvent, type MarketEventBus, type MarketEventListener } from './event-bus';

/** Subject every instance publishes its market events on and listens to. */
export const MARKET_SUBJECT = 'meridian.market';

/**
 * Cluster fan-out over NATS pub/sub (docs/decisions 0029): an event published here reaches
 * this instance's listeners at once and every other instance's listeners through NATS,
 * marked `remote`. One publisher per instrument (its book's owner) and NATS keeping each
 * publisher's order means every instance sees an instrument's events in order; `seq` lets
 * a client notice a gap (a failover, a dropped frame) and resync from REST.
 */
export class NatsEventBus implements MarketEventBus {
  private readonly local = new LocalEventBus();
  private subscription: Subscription | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.subscription = this.nc.subscribe(MARKET_SUBJECT, {
      callback: (error, msg) => {
        if (error) return this.log.warn({ err: error }, 'market fan-out subscription failed');
        try {
          const { origin, event } = msg.json<{ origin: string; event: MarketEvent }>();
          if (origin !== this.instanceId) this.local.publish({ ...event, remote: true });
        } catch (err) {
          this.log.warn({ err }, 'unreadable market event from the cluster');
        }
      },
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  publish(event: MarketEvent): void {
    this.local.publish(event);
    if (event.remote) return;
    try {
      this.nc.publish(MARKET_SUBJECT, JSON.stringify({ origin: this.instanceId, event }));
    } catch (error) {
      // NATS reconnecting or closed: local clients still got it; the others resync on the seq gap.
      this.log.warn({ err: error }, 'market event not fanned out');
    }
  }

  subscribe(listener: MarketEventListener): () => void {
    return this.local.subscribe(listener);
  }
}
