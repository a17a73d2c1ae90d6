import type { BookLevel, PlaceOrder } from '@meridian/schemas';
import {
  connect,
  NoRespondersError,
  RequestError,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import type { AuditContext } from '../audit/record';
import { OwnerWatch, type ProbeResult } from './owner-watch';
import { answerRouted } from './remote-answer';
import { decodeOutcome, type Reply, type Request, type RoutedAnswer, type WireOutcome } from './remote-wire';
import type { TradingService } from './service';

/** A batch write was fenced off: another instance owns the book now (the command is sent there). */
export class LeaseLostError extends Error {
  constructor(readonly instrumentId: string) {
    super(`instrument ${instrumentId}: lease lost to another instance`);
  }
}

/** Nobody answers for the owner (it died or is shutting down): safe to resend, nothing was done. */
export class OwnerUnreachableError extends Error {}

/**
 * The owner went off the bus while this request was with it (killed): it may or may not have
 * committed. Resending is safe only for what is idempotent (an order with an Idempotency-Key:
 * the new owner replays it if it committed; a book read).
 */
export class OwnerLostError extends Error {}

/** Commands for books owned by another instance (docs/decisions 0029). */
export interface RemoteTrading {
  place(
    owner: string,
    request: { userId: string; input: PlaceOrder; idempotencyKey: string | null; hops: number; audit?: AuditContext },
  ): Promise<RoutedAnswer>;
  cancel(
    owner: string,
    request: { userId: string; orderId: string; hops: number; audit?: AuditContext },
  ): Promise<RoutedAnswer>;
  close(owner: string, request: { instrumentId: string; status: string; hops: number }): Promise<number>;
  depth(
    owner: string,
    request: { instrumentId: string; levels: number; hops: number },
  ): Promise<{ bids: BookLevel[]; asks: BookLevel[] } | null>;
  /** `owner` is off the bus: its requests still waiting fail now (OwnerLostError) instead of at the timeout. */
  abandon(owner: string, why?: string): void;
}

/** Subject an instance answers routed trading requests on. */
export const ownerSubject = (instanceId: string) => `meridian.trading.${instanceId}`;

/** Most requests one NATS message carries (a few hundred bytes each: far under NATS's 1 MB payload limit). */
export const MAX_REQUESTS_PER_MESSAGE = 256;

/** How long a routed request may wait, and when its owner is looked at (decision 0084). */
export interface LinkOptions {
  /** NATS request timeout: the last resort for an owner that is live but does not answer. */
  timeoutMs?: number;
  /** A message unanswered this long gets its owner probed: "no responders" fails it at once (owner killed). */
  probeAfterMs?: number;
  /** A message unanswered this long to an owner whose heartbeat lapsed is failed (owner paused): the lease time. */
  stalledAfterMs?: number;
}

interface Waiting {
  request: Request;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Routing over NATS request/reply: each instance answers on its own subject and runs what
 * arrives through the same TradingService methods (so idempotency, validation of the book
 * and errors are identical); refusals travel as `{status, code, message}` and are thrown
 * again at the entry instance. A request to a subject nobody listens on (a dead owner)
 * fails at once with no responders: nothing was done and it is resent after re-resolving.
 * A timeout is NOT resent (the owner may have committed): the client gets 503 and retries
 * with its Idempotency-Key. The timeout is a last resort: a message left unanswered is
 * watched (OwnerWatch, decision 0084) and failed as OwnerLostError as soon as its owner is
 * found off the bus (a probe meets "no responders": killed) or its heartbeat has lapsed for
 * a lease (paused).
 *
 * Requests for one owner made in the same turn of the event loop travel as ONE NATS request
 * (an array) and come back as one reply (an array, same order), answered once every one of
 * them is done (decision 0081): per message, nats-server and both instances pay a wake-up, a
 * socket read and a write, and the owner's book gets them together, in one batch write.
 * A failure of the message (no responders, timeout, owner lost) is each request's failure.
 */
export class NatsTradingLink implements RemoteTrading {
  private subscription: Subscription | null = null;
  /** Messages waiting for an answer, by owner: how to fail them when the owner is found gone. */
  readonly watch: OwnerWatch;
  /** Requests of this turn of the event loop, by owner, not sent yet. */
  private outbox = new Map<string, Waiting[]>();
  private flushQueued = false;
  /** NATS requests sent and the routed requests they carried (tests, metrics). */
  readonly sent = { messages: 0, requests: 0 };

  private readonly timeoutMs: number;

  private constructor(
    private readonly nc: NatsConnection,
    isLive: (owner: string) => boolean,
    options: LinkOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    const probeAfterMs = options.probeAfterMs ?? 250;
    this.watch = new OwnerWatch(
      {
        probeAfterMs,
        stalledAfterMs: options.stalledAfterMs ?? 6_000,
        probe: (owner) => this.probe(owner, Math.max(probeAfterMs * 4, 1_000)),
        isLive,
      },
      (owner, why) => this.abandon(owner, why),
    );
  }

  static async open(url: string, name: string): Promise<NatsConnection> {
    // noAsyncTraces: the client otherwise builds an Error (a stack trace) for every request up
    // front, in case it fails; a routed order paid for it (decision 0074). Failures are still
    // typed (NoRespondersError as the cause of a RequestError, TimeoutError), just without the
    // caller's stack.
    return connect({ servers: url.split(','), name, maxReconnectAttempts: -1, noEcho: true, noAsyncTraces: true });
  }

  /** Answers routed requests for `trading` on this instance's subject and returns the link for forwarding. */
  static serve(
    nc: NatsConnection,
    trading: TradingService,
    log: FastifyBaseLogger,
    options: LinkOptions = {},
  ): NatsTradingLink {
    const link = new NatsTradingLink(nc, (owner) => trading.ownership.isLive(owner), options, log);
    link.subscription = nc.subscribe(ownerSubject(trading.ownership.instanceId), {
      callback: (error, msg) => {
        if (error) return log.warn({ err: error }, 'routed request subscription failed');
        void answerRouted(trading, msg, log);
      },
    });
    trading.connect(link);
    return link;
  }

  async stop(): Promise<void> {
    this.watch.stop();
    this.subscription?.unsubscribe();
  }

  abandon(owner: string, why = `instance ${owner} went off the bus with the request`): void {
    const held = this.watch.release(owner);
    if (held.length === 0) return;
    this.log?.warn({ owner, messages: held.length }, `failed the routed messages an owner held: ${why}`);
    for (const fail of held) fail(new OwnerLostError(why));
  }

  /**
   * An empty message on the owner's subject: its answer() replies `[]` at once (even while a
   * batch of its is in the database); NATS answers "no responders" when nobody is subscribed.
   */
  private async probe(owner: string, timeout: number): Promise<ProbeResult> {
    try {
      await this.nc.request(ownerSubject(owner), '[]', { timeout });
      return 'answering';
    } catch (error) {
      return isNoResponders(error) ? 'off-bus' : 'silent';
    }
  }

  /** Queues a request for `owner`; everything queued in this turn of the event loop goes in one message. */
  private send(owner: string, request: Request): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const queued = this.outbox.get(owner);
      if (queued) queued.push({ request, resolve, reject });
      else this.outbox.set(owner, [{ request, resolve, reject }]);
      if (!this.flushQueued) {
        this.flushQueued = true;
        // After the I/O callbacks of this turn: the requests parsed from every socket that was
        // readable (and whose guards answered from cache) are queued by then.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushQueued = false;
    const outbox = this.outbox;
    this.outbox = new Map();
    for (const [owner, queued] of outbox)
      for (let i = 0; i < queued.length; i += MAX_REQUESTS_PER_MESSAGE)
        void this.sendMessage(owner, queued.slice(i, i + MAX_REQUESTS_PER_MESSAGE));
  }

  private async sendMessage(owner: string, batch: Waiting[]): Promise<void> {
    let msg: Msg;
    let fail: (error: Error) => void = () => undefined;
    const lost = new Promise<never>((_resolve, reject) => (fail = reject));
    const answered = this.watch.track(owner, fail);
    this.sent.messages++;
    this.sent.requests += batch.length;
    try {
      msg = await Promise.race([
        this.nc.request(ownerSubject(owner), JSON.stringify(batch.map((w) => w.request)), { timeout: this.timeoutMs }),
        lost,
      ]);
    } catch (error) {
      const failure =
        error instanceof OwnerLostError
          ? error
          : isNoResponders(error)
            ? new OwnerUnreachableError(`instance ${owner} does not answer`)
            : new AppError(503, 'OWNER_UNAVAILABLE', 'The instance that trades this instrument did not answer in time');
      for (const w of batch) w.reject(failure);
      return;
    } finally {
      answered();
    }
    let replies: Reply[];
    try {
      replies = JSON.parse(msg.string()) as Reply[];
      if (!Array.isArray(replies)) throw new Error('not an array');
    } catch {
      const failure = new AppError(
        502,
        'OWNER_BAD_ANSWER',
        'The instance that trades this instrument answered unreadably',
      );
      for (const w of batch) w.reject(failure);
      return;
    }
    batch.forEach((w, i) => {
      const reply = replies[i];
      if (!reply)
        w.reject(new AppError(502, 'OWNER_BAD_ANSWER', 'The instance that trades this instrument sent no answer'));
      else if (!reply.ok)
        w.reject(
          new AppError(reply.status, reply.code, reply.message, reply.details as Record<string, unknown> | undefined),
        );
      else w.resolve(reply.value);
    });
  }

  async place(owner: string, request: Omit<Extract<Request, { op: 'place' }>, 'op'>): Promise<RoutedAnswer> {
    return decodeOutcome((await this.send(owner, { op: 'place', ...request })) as WireOutcome);
  }

  async cancel(owner: string, request: Omit<Extract<Request, { op: 'cancel' }>, 'op'>): Promise<RoutedAnswer> {
    return decodeOutcome((await this.send(owner, { op: 'cancel', ...request })) as WireOutcome);
  }

  async close(owner: string, request: Omit<Extract<Request, { op: 'close' }>, 'op'>): Promise<number> {
    return (await this.send(owner, { op: 'close', ...request })) as number;
  }

  async depth(owner: string, request: Omit<Extract<Request, { op: 'depth' }>, 'op'>) {
    return (await this.send(owner, { op: 'depth', ...request })) as { bids: BookLevel[]; asks: BookLevel[] } | null;
  }
}

function isNoResponders(error: unknown): boolean {
  return error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders());
}
