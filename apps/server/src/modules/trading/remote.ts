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
import type { InstrumentRef, OrderState } from './desk';
import type { Outcome } from './order-flow';
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

export interface RoutedAnswer {
  outcome: Outcome;
  instrument?: InstrumentRef;
}

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
  abandon(owner: string): void;
}

/** `audit`: the entry instance's request context (actor, permission, request id, address) for the audit row. */
type Request =
  | {
      op: 'place';
      userId: string;
      input: PlaceOrder;
      idempotencyKey: string | null;
      hops: number;
      audit?: AuditContext;
    }
  | { op: 'cancel'; userId: string; orderId: string; hops: number; audit?: AuditContext }
  | { op: 'close'; instrumentId: string; status: string; hops: number }
  | { op: 'depth'; instrumentId: string; levels: number; hops: number };

type Reply =
  { ok: true; value: unknown } | { ok: false; status: number; code: string; message: string; details?: unknown };

/** Subject an instance answers routed trading requests on. */
export const ownerSubject = (instanceId: string) => `meridian.trading.${instanceId}`;

/**
 * Routing over NATS request/reply: each instance answers on its own subject and runs what
 * arrives through the same TradingService methods (so idempotency, validation of the book
 * and errors are identical); refusals travel as `{status, code, message}` and are thrown
 * again at the entry instance. A request to a subject nobody listens on (a dead owner)
 * fails at once with no responders: nothing was done and it is resent after re-resolving.
 * A timeout is NOT resent (the owner may have committed): the client gets 503 and retries
 * with its Idempotency-Key.
 */
export class NatsTradingLink implements RemoteTrading {
  private subscription: Subscription | null = null;
  /** Requests waiting for an answer, by owner: how to fail them when the owner is found gone. */
  private readonly waiting = new Map<string, Set<(error: Error) => void>>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs: number,
  ) {}

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
    timeoutMs = 10_000,
  ): NatsTradingLink {
    const link = new NatsTradingLink(nc, timeoutMs);
    link.subscription = nc.subscribe(ownerSubject(trading.ownership.instanceId), {
      callback: (error, msg) => {
        if (error) return log.warn({ err: error }, 'routed request subscription failed');
        void link.answer(trading, msg, log);
      },
    });
    trading.connect(link);
    return link;
  }

  async stop(): Promise<void> {
    this.subscription?.unsubscribe();
  }

  private async answer(trading: TradingService, msg: Msg, log: FastifyBaseLogger): Promise<void> {
    let reply: Reply;
    try {
      const request = msg.json<Request>();
      reply = { ok: true, value: await run(trading, request) };
    } catch (error) {
      if (error instanceof AppError) {
        reply = { ok: false, status: error.status, code: error.code, message: error.message, details: error.details };
      } else {
        log.error({ err: error }, 'routed trading request failed');
        reply = { ok: false, status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' };
      }
    }
    msg.respond(
      JSON.stringify(reply, (_key, value: unknown) => (typeof value === 'bigint' ? { $bigint: `${value}` } : value)),
    );
  }

  abandon(owner: string): void {
    const waiting = this.waiting.get(owner);
    if (!waiting) return;
    this.waiting.delete(owner);
    for (const fail of waiting) fail(new OwnerLostError(`instance ${owner} went off the bus with the request`));
  }

  private async send(owner: string, request: Request): Promise<unknown> {
    let msg: Msg;
    let fail: (error: Error) => void = () => undefined;
    const lost = new Promise<never>((_resolve, reject) => (fail = reject));
    let waiting = this.waiting.get(owner);
    if (!waiting) this.waiting.set(owner, (waiting = new Set()));
    waiting.add(fail);
    try {
      msg = await Promise.race([
        this.nc.request(ownerSubject(owner), JSON.stringify(request), { timeout: this.timeoutMs }),
        lost,
      ]);
    } catch (error) {
      if (error instanceof OwnerLostError) throw error;
      if (error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders()))
        throw new OwnerUnreachableError(`instance ${owner} does not answer`);
      throw new AppError(503, 'OWNER_UNAVAILABLE', 'The instance that trades this instrument did not answer in time');
    } finally {
      waiting.delete(fail);
      if (waiting.size === 0 && this.waiting.get(owner) === waiting) this.waiting.delete(owner);
    }
    const reply = JSON.parse(msg.string(), reviveBigints) as Reply;
    if (!reply.ok) {
      throw new AppError(reply.status, reply.code, reply.message, reply.details as Record<string, unknown> | undefined);
    }
    return reply.value;
  }

  async place(owner: string, request: Omit<Extract<Request, { op: 'place' }>, 'op'>): Promise<RoutedAnswer> {
    return reviveAnswer(await this.send(owner, { op: 'place', ...request }));
  }

  async cancel(owner: string, request: Omit<Extract<Request, { op: 'cancel' }>, 'op'>): Promise<RoutedAnswer> {
    return reviveAnswer(await this.send(owner, { op: 'cancel', ...request }));
  }

  async close(owner: string, request: Omit<Extract<Request, { op: 'close' }>, 'op'>): Promise<number> {
    return (await this.send(owner, { op: 'close', ...request })) as number;
  }

  async depth(owner: string, request: Omit<Extract<Request, { op: 'depth' }>, 'op'>) {
    return (await this.send(owner, { op: 'depth', ...request })) as { bids: BookLevel[]; asks: BookLevel[] } | null;
  }
}

async function run(trading: TradingService, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'place':
      return routed(
        trading,
        await trading.placeOrder(request.userId, request.input, request.idempotencyKey, request.hops, request.audit),
      );
    case 'cancel':
      return routed(trading, await trading.cancelOrder(request.userId, request.orderId, request.hops, request.audit));
    case 'close':
      return trading.closeInstrument(request.instrumentId, request.status, request.hops);
    case 'depth':
      return trading.depth(request.instrumentId, request.levels, request.hops);
  }
}

/** An outcome as it travels: refusals become errors at the entry instance (thrown there by the route). */
function routed(trading: TradingService, outcome: Outcome) {
  if (!outcome.ok) {
    const { error } = outcome;
    return {
      ok: false,
      error: { status: error.status, code: error.code, message: error.message, details: error.details },
    };
  }
  return {
    ok: true,
    order: outcome.order,
    replayed: outcome.replayed,
    instrument: trading.instrumentOf(outcome.order.instrumentId),
  };
}

function reviveAnswer(value: unknown): RoutedAnswer {
  const v = value as
    | { ok: true; order: OrderState; replayed: boolean; instrument?: InstrumentRef }
    | { ok: false; error: { status: number; code: string; message: string; details?: Record<string, unknown> } };
  if (!v.ok)
    return {
      outcome: { ok: false, error: new AppError(v.error.status, v.error.code, v.error.message, v.error.details) },
    };
  const order = { ...v.order, createdAt: new Date(v.order.createdAt), updatedAt: new Date(v.order.updatedAt) };
  return { outcome: { ok: true, order, replayed: v.replayed }, instrument: v.instrument };
}

/** Money and quantities are bigints: they travel as `{ $bigint: "123" }`. */
function reviveBigints(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && '$bigint' in value)
    return BigInt((value as { $bigint: string }).$bigint);
  return value;
}
