import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { LocalEventBus, type MarketEvent, type MarketEventBus, type MarketEventListener } from './event-bus';

/**
 * The subjects' first token when NATS_SUBJECT_PREFIX is not set. Deployments (or test clusters)
 * sharing one nats-server each need their own, or each would show the other's trades to its
 * WebSocket clients.
 */
export const DEFAULT_SUBJECT_PREFIX = 'meridian';

/** Subject every instance of a deployment publishes its public market events on (trades, books, tickers) and listens to. */
export const marketSubject = (prefix = DEFAULT_SUBJECT_PREFIX) => `${prefix}.market`;

/** Subject of one user's own events (order updates): listened to only where that user has a listener. */
export const userSubject = (userId: string, prefix = DEFAULT_SUBJECT_PREFIX) =>
  `${marketSubject(prefix)}.user.${userId}`;

/** What travels on a subject: the events one instance published in one synchronous run, in order. */
interface Envelope {
  origin: string;
  events: MarketEvent[];
}

/**
 * Cluster fan-out over NATS pub/sub (docs/decisions 0029): an event published here reaches
 * this instance's listeners at once and the other instances' listeners through NATS, marked
 * `remote`. One publisher per instrument (its book's owner) and NATS keeping each publisher's
 * order means every instance sees an instrument's events in order; `seq` lets a client notice
 * a gap (a failover, a dropped frame) and resync from REST.
 *
 * What it costs per order (decision 0074): the events published in one synchronous run (a
 * batch's trades and order updates) travel as ONE message per subject, not one per event —
 * per message, nats-server and each other instance pay a wake-up and a parse. A user's order
 * updates, most of the bytes, go on that user's subject, which an instance listens to only
 * while it has a listener for that user (a WebSocket, the demo liquidity provider); public
 * events go on the deployment's market subject to every instance.
 */
export class NatsEventBus implements MarketEventBus {
  private readonly local = new LocalEventBus();
  private subscription: Subscription | null = null;
  /** Per user with a local listener: how many listeners, and the NATS subscription of their subject. */
  private readonly users = new Map<string, { listeners: number; subscription: Subscription }>();
  private pending: MarketEvent[] = [];
  private pendingByUser = new Map<string, MarketEvent[]>();
  private flushQueued = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
    private readonly subjectPrefix = DEFAULT_SUBJECT_PREFIX,
  ) {}

  start(): void {
    this.subscription = this.nc.subscribe(marketSubject(this.subjectPrefix), {
      callback: (error, msg) => this.receive(error, msg),
    });
  }

  stop(): void {
    this.flush();
    this.subscription?.unsubscribe();
    this.subscription = null;
    for (const { subscription } of this.users.values()) subscription.unsubscribe();
    this.users.clear();
  }

  publish(event: MarketEvent): void {
    this.local.publish(event);
    if (event.remote) return;
    if (event.userId === undefined) this.pending.push(event);
    else {
      const list = this.pendingByUser.get(event.userId);
      if (list) list.push(event);
      else this.pendingByUser.set(event.userId, [event]);
    }
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  subscribe(listener: MarketEventListener, options: { userId?: string } = {}): () => void {
    const unsubscribe = this.local.subscribe(listener);
    const { userId } = options;
    if (userId === undefined) return unsubscribe;
    const interest = this.users.get(userId);
    if (interest) interest.listeners++;
    else
      this.users.set(userId, {
        listeners: 1,
        subscription: this.nc.subscribe(userSubject(userId, this.subjectPrefix), {
          callback: (error, msg) => this.receive(error, msg),
        }),
      });
    let done = false;
    return () => {
      unsubscribe();
      if (done) return;
      done = true;
      const held = this.users.get(userId);
      if (held && --held.listeners === 0) {
        held.subscription.unsubscribe();
        this.users.delete(userId);
      }
    };
  }

  private receive(error: Error | null, msg: Msg): void {
    if (error) return this.log.warn({ err: error }, 'market fan-out subscription failed');
    let envelope: Envelope;
    try {
      envelope = msg.json<Envelope>();
    } catch (err) {
      return this.log.warn({ err }, 'unreadable market event from the cluster');
    }
    if (envelope.origin === this.instanceId || !Array.isArray(envelope.events)) return;
    for (const event of envelope.events) this.local.publish({ ...event, remote: true });
  }

  private flush(): void {
    this.flushQueued = false;
    const publish = (subject: string, events: MarketEvent[]) => {
      try {
        this.nc.publish(subject, JSON.stringify({ origin: this.instanceId, events } satisfies Envelope));
      } catch (error) {
        // NATS reconnecting or closed: local clients still got them; the others resync on the seq gap.
        this.log.warn({ err: error }, 'market events not fanned out');
      }
    };
    if (this.pending.length > 0) publish(marketSubject(this.subjectPrefix), this.pending);
    for (const [userId, events] of this.pendingByUser) publish(userSubject(userId, this.subjectPrefix), events);
    this.pending = [];
    this.pendingByUser = new Map();
  }
}
