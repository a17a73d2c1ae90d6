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

/**
 * Subject each instance announces on what it listens for from the others (decision 0096): the
 * users it has listeners for, and whether a client stream there wants every public event.
 */
export const interestSubject = (prefix = DEFAULT_SUBJECT_PREFIX) => `${prefix}.interest`;

/** What travels on a subject: the events one instance published in one synchronous run, in order. */
interface Envelope {
  origin: string;
  events: MarketEvent[];
}

/**
 * One instance's interest, whole (not a change): `ask` asks every other to announce its own now
 * (a start, a reconnect); `gone` says it stopped.
 */
interface Announcement {
  origin: string;
  users: string[];
  market: boolean;
  ask?: true;
  gone?: true;
}

/** How often an instance announces its interest anyway (a peer that missed a change catches up). */
export const INTEREST_ANNOUNCE_MS = 5_000;
/** A peer not heard from for this long is taken as gone: its interest no longer counts. */
const INTEREST_EXPIRES_MS = 3 * INTEREST_ANNOUNCE_MS;
/**
 * After a start or a reconnect, how long everything is published whatever the announcements say:
 * the peers' answers to its `ask` arrive within a round trip; until then it cannot know.
 */
export const INTEREST_BLIND_MS = 1_000;

export interface NatsEventBusOptions {
  /** Publish everything for this long after a start or reconnect (INTEREST_BLIND_MS; tests shorten it). */
  blindMs?: number;
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
 * And a publisher sends a user's events, or the market subject, only while another instance
 * has announced a listener for them (decision 0096): each announces its interest whole on the
 * interest subject when it changes and every INTEREST_ANNOUNCE_MS; nobody listening, nothing is
 * serialised or written (the tickers always go: every instance listens to those).
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
  /** The other instances' interest as they last announced it, and when (performance.now()). */
  private readonly peers = new Map<string, { users: Set<string>; market: boolean; heardAt: number }>();
  private interestSubscription: Subscription | null = null;
  private announceTimer: NodeJS.Timeout | null = null;
  private announceQueued = false;
  /** Until when (performance.now()) everything is published: the peers' interest is not known yet. */
  private blindUntil = Number.POSITIVE_INFINITY;
  private readonly blindMs: number;
  /** Messages received, by kind (tests, metrics: each is a wake-up and a parse). */
  readonly received = { public: 0, user: 0, interest: 0 };

  constructor(
    private readonly nc: NatsConnection,
    private readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
    private readonly subjectPrefix = DEFAULT_SUBJECT_PREFIX,
    options: NatsEventBusOptions = {},
  ) {
    this.blindMs = options.blindMs ?? INTEREST_BLIND_MS;
  }

  start(): void {
    this.started = true;
    this.listen();
    this.interestSubscription = this.nc.subscribe(interestSubject(this.subjectPrefix), {
      callback: (error, msg) => this.hear(error, msg),
    });
    this.announceTimer = setInterval(() => this.announce(), INTEREST_ANNOUNCE_MS);
    this.announceTimer.unref();
    this.askPeers();
    void this.watchReconnects();
  }

  stop(): void {
    this.flush();
    this.started = false;
    this.listen();
    for (const { subscription } of this.users.values()) subscription.unsubscribe();
    this.users.clear();
    if (this.announceTimer) clearInterval(this.announceTimer);
    this.announceTimer = null;
    this.interestSubscription?.unsubscribe();
    this.interestSubscription = null;
    this.send({ origin: this.instanceId, users: [], market: false, gone: true });
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
    else {
      this.users.set(userId, {
        listeners: 1,
        subscription: this.nc.subscribe(userSubject(userId, this.subjectPrefix), {
          callback: (error, msg) => this.receive(error, msg, null),
        }),
      });
      this.announceSoon();
    }
    let done = false;
    return () => {
      unsubscribe();
      if (done) return;
      done = true;
      const held = this.users.get(userId);
      if (held && --held.listeners === 0) {
        held.subscription.unsubscribe();
        this.users.delete(userId);
        this.announceSoon();
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
        if (interest === 'all') this.announceSoon();
      } else if (!wanted && held) {
        held.unsubscribe();
        this.publicSubscriptions[interest] = null;
        if (interest === 'all') this.announceSoon();
      }
    }
  }

  /**
   * Tells the others what this instance listens for, at the end of the current turn (after the
   * subscriptions it opened, on the same connection: nats-server has them before any peer hears
   * of them, and before any routed request this instance sends afterwards).
   */
  private announceSoon(): void {
    if (this.announceQueued || !this.started) return;
    this.announceQueued = true;
    queueMicrotask(() => {
      this.announceQueued = false;
      this.announce();
    });
  }

  private announce(ask?: true): void {
    if (!this.started) return;
    this.send({
      origin: this.instanceId,
      users: [...this.users.keys()],
      market: this.publicSubscriptions.all !== null,
      ...(ask ? { ask } : {}),
    });
  }

  private send(announcement: Announcement): void {
    try {
      this.nc.publish(interestSubject(this.subjectPrefix), JSON.stringify(announcement));
    } catch (error) {
      // Closed or reconnecting: the periodic announcement (or the reconnect's ask) makes up for it.
      this.log.warn({ err: error }, 'listener interest not announced');
    }
  }

  /** Publishes everything for a while and asks the others for their interest (start, reconnect). */
  private askPeers(): void {
    this.blindUntil = performance.now() + this.blindMs;
    this.announce(true);
  }

  private async watchReconnects(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (!this.started) return;
      // Announcements may have been missed while disconnected.
      if (status.type === 'reconnect') this.askPeers();
    }
  }

  /** Another instance's interest, whole: replaces what was known of it. */
  private hear(error: Error | null, msg: Msg): void {
    if (error) return this.log.warn({ err: error }, 'listener interest subscription failed');
    this.received.interest++;
    let heard: Announcement;
    try {
      heard = msg.json<Announcement>();
    } catch (err) {
      return this.log.warn({ err }, 'unreadable listener interest from the cluster');
    }
    if (heard.origin === this.instanceId || !Array.isArray(heard.users)) return;
    if (heard.gone) this.peers.delete(heard.origin);
    else
      this.peers.set(heard.origin, { users: new Set(heard.users), market: heard.market, heardAt: performance.now() });
    if (heard.ask) this.announce();
  }

  /**
   * Whether some other instance listens for `userId`'s events (or, with `undefined`, for every
   * public event): only then do they go on the bus. Unknown (just started or reconnected): yes.
   */
  private wanted(userId: string | undefined): boolean {
    const now = performance.now();
    if (now < this.blindUntil) return true;
    for (const [origin, peer] of this.peers) {
      if (now - peer.heardAt > INTEREST_EXPIRES_MS) {
        this.peers.delete(origin);
        continue;
      }
      if (userId === undefined ? peer.market : peer.users.has(userId)) return true;
    }
    return false;
  }

  /** `interest`: the public subject's listeners it came for; null: a user's subject, for every listener. */
  private receive(error: Error | null, msg: Msg, interest: 'all' | 'tickers' | null): void {
    if (error) return this.log.warn({ err: error }, 'market fan-out subscription failed');
    if (interest === null) this.received.user++;
    else this.received.public++;
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
    // Only what some other instance listens for goes on the bus (decision 0096): nats-server
    // drops a message nobody subscribed to, but this instance has serialised and written it.
    if (this.pending.length > 0) {
      if (this.wanted(undefined)) publish(marketSubject(this.subjectPrefix), this.pending);
      // Every instance listens to the tickers (the trading mirror, surveillance): always sent.
      const tickers = this.pending.filter((e) => e.type === 'ticker');
      if (tickers.length > 0) publish(quotesSubject(this.subjectPrefix), tickers);
    }
    for (const [userId, events] of this.pendingByUser)
      if (this.wanted(userId)) publish(userSubject(userId, this.subjectPrefix), events);
    this.pending = [];
    this.pendingByUser = new Map();
  }
}
