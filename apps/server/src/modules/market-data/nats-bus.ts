import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import {
  LocalEventBus,
  type MarketEvent,
  type MarketEventBus,
  type MarketEventListener,
  type RemoteInterest,
  type SubscribeOptions,
} from './event-bus';

/**
 * The subjects' first token when NATS_SUBJECT_PREFIX is not set. Deployments (or test clusters)
 * sharing one nats-server each need their own, or each would show the other's trades to its
 * WebSocket clients.
 */
export const DEFAULT_SUBJECT_PREFIX = 'meridian';

/**
 * Subject every instance of a deployment publishes its public market events on (trades, books,
 * tickers), in order; an instance listens to it only while it has a listener that needs them all
 * (a client stream).
 */
export const marketSubject = (prefix = DEFAULT_SUBJECT_PREFIX) => `${prefix}.market`;

/**
 * Subject the tickers also go on (at most two a second per instrument): what an instance with no
 * client stream still needs from other owners (their best prices, that they traded).
 */
export const quotesSubject = (prefix = DEFAULT_SUBJECT_PREFIX) => `${marketSubject(prefix)}.quotes`;

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
 * while it has a listener for that user (a WebSocket, the demo liquidity provider). Public
 * events go on the deployment's market subject, which an instance listens to only while it
 * has a listener that wants them all (a client stream); the tickers go on the quotes subject
 * as well, for the listeners that need only those (decision 0089): an instance without client
 * streams wakes for two tickers a second per instrument, not for every batch and book frame.
 */
export class NatsEventBus implements MarketEventBus {
  /** Listeners by which public events from elsewhere they need; each gets every local event. */
  private readonly listeners: Record<RemoteInterest, LocalEventBus> = {
    all: new LocalEventBus(),
    tickers: new LocalEventBus(),
    none: new LocalEventBus(),
  };
  /** The public subjects' subscriptions, held while a listener needs them (opened once started). */
  private readonly publicSubscriptions: Record<'all' | 'tickers', Subscription | null> = { all: null, tickers: null };
  private started = false;
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
    this.started = true;
    this.listen();
  }

  stop(): void {
    this.flush();
    this.started = false;
    this.listen();
    for (const { subscription } of this.users.values()) subscription.unsubscribe();
    this.users.clear();
  }

  publish(event: MarketEvent): void {
    this.publishToEvery(event);
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

  subscribe(listener: MarketEventListener, options: SubscribeOptions = {}): () => void {
    const bus = this.listeners[options.remote ?? 'all'];
    const unsubscribeLocal = bus.subscribe(listener);
    this.listen();
    const unsubscribe = () => {
      unsubscribeLocal();
      this.listen();
    };
    const { userId } = options;
    if (userId === undefined) return unsubscribe;
    const interest = this.users.get(userId);
    if (interest) interest.listeners++;
    else
      this.users.set(userId, {
        listeners: 1,
        subscription: this.nc.subscribe(userSubject(userId, this.subjectPrefix), {
          callback: (error, msg) => this.receive(error, msg, null),
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

  /** Holds the public subscriptions that some listener needs now, drops the others. */
  private listen(): void {
    for (const interest of ['all', 'tickers'] as const) {
      const wanted = this.started && this.listeners[interest].subscribers > 0;
      const held = this.publicSubscriptions[interest];
      if (wanted && !held) {
        const subject = interest === 'all' ? marketSubject(this.subjectPrefix) : quotesSubject(this.subjectPrefix);
        this.publicSubscriptions[interest] = this.nc.subscribe(subject, {
          callback: (error, msg) => this.receive(error, msg, interest),
        });
      } else if (!wanted && held) {
        held.unsubscribe();
        this.publicSubscriptions[interest] = null;
      }
    }
  }

  /** `interest`: the public subject's listeners it came for; null: a user's subject, for every listener. */
  private receive(error: Error | null, msg: Msg, interest: 'all' | 'tickers' | null): void {
    if (error) return this.log.warn({ err: error }, 'market fan-out subscription failed');
    let envelope: Envelope;
    try {
      envelope = msg.json<Envelope>();
    } catch (err) {
      return this.log.warn({ err }, 'unreadable market event from the cluster');
    }
    if (envelope.origin === this.instanceId || !Array.isArray(envelope.events)) return;
    for (const event of envelope.events) {
      const remote: MarketEvent = { ...event, remote: true };
      if (interest !== null) this.listeners[interest].publish(remote);
      else this.publishToEvery(remote);
    }
  }

  /** Delivers an event to the local listeners of every interest (all, tickers, none, in that order). */
  private publishToEvery(event: MarketEvent): void {
    this.listeners.all.publish(event);
    this.listeners.tickers.publish(event);
    this.listeners.none.publish(event);
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
    if (this.pending.length > 0) {
      publish(marketSubject(this.subjectPrefix), this.pending);
      const tickers = this.pending.filter((e) => e.type === 'ticker');
      if (tickers.length > 0) publish(quotesSubject(this.subjectPrefix), tickers);
    }
    for (const [userId, events] of this.pendingByUser) publish(userSubject(userId, this.subjectPrefix), events);
    this.pending = [];
    this.pendingByUser = new Map();
  }
}
