import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { PlaceOrder } from '@meridian/schemas';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachable as isReachable } from '../../test/reachable';
import { AppError, conflict, unprocessable } from '../../errors';
import type { AuditContext } from '../audit/record';
import type { InstrumentRef, OrderState } from './desk';
import type { Outcome } from './order-flow';
import { NatsTradingLink, OwnerLostError, OwnerUnreachableError, ownerSubject, type RemoteTrading } from './remote';
import { decodeOrder, encodeOrder } from './remote-wire';
import type { TradingService } from './service';

// The routed hop (decision 0081) on a real nats-server (CI runs one; elsewhere this skips without it).
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

const reachable = await isReachable(NATS_URL, 4222);
if (process.env.CI && process.env.TEST_DATABASE_URL && !reachable)
  throw new Error(`remote test: NATS is not reachable at ${NATS_URL}`);

const log = pino({ level: 'silent' });
const suffix = `${process.pid}-${Date.now().toString(36)}`;
const instrument: InstrumentRef = { id: '00000000-0000-4000-8000-000000000001', name: 'Bond 4% 2031', currency: 'USD' };

function orderState(n: number, overrides: Partial<OrderState> = {}): OrderState {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    userId: `user-${n}`,
    instrumentId: instrument.id,
    side: n % 2 === 0 ? 'buy' : 'sell',
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: 10_025n,
    quantity: BigInt(n),
    filledQuantity: 1n,
    filledValue: 10_025n,
    status: 'open',
    cancelReason: null,
    // Past 2^53: an amount that must not pass through a JavaScript number on the way.
    reserved: 9_007_199_254_740_993n + BigInt(n),
    idempotencyKey: n === 3 ? null : `key-${n}`,
    createdAt: new Date(1_700_000_000_000 + n),
    updatedAt: new Date(1_700_000_001_000 + n),
    ...overrides,
  };
}

function value<T>(settled: PromiseSettledResult<T> | undefined): T {
  if (settled?.status !== 'fulfilled') throw new Error(`expected an answer, got ${String(settled?.status)}`);
  return settled.value;
}

function reason(settled: PromiseSettledResult<unknown> | undefined): unknown {
  if (settled?.status !== 'rejected') throw new Error(`expected a failure, got ${String(settled?.status)}`);
  return settled.reason;
}

const input = (n: number): PlaceOrder =>
  ({ instrumentId: instrument.id, orderType: 'buy', type: 'limit', quantity: n, price: '100.25' }) as PlaceOrder;

/** An owner's TradingService as far as the link uses it: records what it was asked, answers by quantity. */
function owner(instanceId: string, isLive: (member: string) => boolean = () => true) {
  const calls: unknown[][] = [];
  const trading = {
    ownership: { instanceId, isLive },
    connect: () => undefined,
    instrumentOf: (id: string) => (id === instrument.id ? instrument : undefined),
    placeOrder: async (
      userId: string,
      order: PlaceOrder,
      key: string | null,
      hops: number,
      audit?: AuditContext,
    ): Promise<Outcome> => {
      calls.push([userId, order, key, hops, audit]);
      const n = order.quantity;
      if (n === 4)
        return { ok: false, error: unprocessable('INSUFFICIENT_FUNDS', 'Insufficient funds', { need: '5' }) };
      if (n === 5) throw conflict('Order is no longer open');
      if (n === 6) throw new Error('a bug');
      return { ok: true, order: orderState(n, { userId }), replayed: n === 2 };
    },
    cancelOrder: async (userId: string, orderId: string): Promise<Outcome> => ({
      ok: true,
      order: orderState(7, { id: orderId, userId, status: 'cancelled', cancelReason: 'user' }),
      replayed: false,
    }),
    closeInstrument: async () => 3,
    depth: async () => ({ bids: [{ price: '100.00', quantity: 2, total: '200.00' }], asks: [] }),
  };
  return { trading: trading as unknown as TradingService, calls };
}

describe.skipIf(!reachable)('NatsTradingLink (routed orders)', () => {
  const connections: NatsConnection[] = [];
  let entry: RemoteTrading;
  const ownerId = `owner-${suffix}`;
  const ownerSide = owner(ownerId);

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) connections.push(await connect({ servers: NATS_URL, noEcho: true }));
    NatsTradingLink.serve(connections[0]!, ownerSide.trading, log);
    entry = NatsTradingLink.serve(connections[1]!, owner(`entry-${suffix}`).trading, log, { timeoutMs: 2_000 });
    await Promise.all(connections.map((c) => c.flush()));
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.drain()));
  });

  it('sends the requests of one turn for one owner as ONE message and answers each as if sent alone', async () => {
    const wire: string[] = [];
    const spy = connections[2]!.subscribe(ownerSubject(ownerId), {
      callback: (_e, msg) => void wire.push(msg.string()),
    });
    await connections[2]!.flush();
    const audit: AuditContext = { actorId: 'user-1', authorisedBy: 'place_orders (role)', requestId: 'r1' };
    ownerSide.calls.length = 0;

    const answers = await Promise.allSettled(
      [1, 2, 3, 4, 5, 6].map((n) =>
        entry.place(ownerId, { userId: `user-${n}`, input: input(n), idempotencyKey: `key-${n}`, hops: 1, audit }),
      ),
    );
    await connections[2]!.flush();
    spy.unsubscribe();

    expect(wire).toHaveLength(1); // six requests, one message
    expect((JSON.parse(wire[0]!) as unknown[]).length).toBe(6);
    // The owner ran each with what the entry instance decided (user, order, key, hops, audit context).
    expect(ownerSide.calls).toEqual([1, 2, 3, 4, 5, 6].map((n) => [`user-${n}`, input(n), `key-${n}`, 1, audit]));

    // Every field of the order state comes back exactly: amounts past 2^53, dates, nulls.
    expect(value(answers[0])).toEqual({ outcome: { ok: true, order: orderState(1), replayed: false }, instrument });
    expect(value(answers[1]).outcome).toMatchObject({ ok: true, replayed: true });
    expect(value(answers[2]).outcome).toEqual({ ok: true, order: orderState(3), replayed: false });
    // A refusal is an outcome (the route throws it); an error thrown at the owner is thrown here.
    const refused = value(answers[3]).outcome;
    expect(refused.ok ? null : refused.error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
      details: { need: '5' },
    });
    expect(reason(answers[4])).toBeInstanceOf(AppError);
    expect(reason(answers[4])).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(reason(answers[5])).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });

  it('carries cancels, closes and book reads, and keeps requests of later turns in messages of their own', async () => {
    const wire: string[] = [];
    const spy = connections[2]!.subscribe(ownerSubject(ownerId), {
      callback: (_e, msg) => void wire.push(msg.string()),
    });
    await connections[2]!.flush();
    const cancelled = await entry.cancel(ownerId, { userId: 'user-9', orderId: orderState(8).id, hops: 1 });
    expect(cancelled.outcome).toEqual({
      ok: true,
      order: orderState(7, { id: orderState(8).id, userId: 'user-9', status: 'cancelled', cancelReason: 'user' }),
      replayed: false,
    });
    expect(await entry.close(ownerId, { instrumentId: instrument.id, status: 'matured', hops: 1 })).toBe(3);
    expect(await entry.depth(ownerId, { instrumentId: instrument.id, levels: 5, hops: 1 })).toEqual({
      bids: [{ price: '100.00', quantity: 2, total: '200.00' }],
      asks: [],
    });
    await connections[2]!.flush();
    spy.unsubscribe();
    expect(wire).toHaveLength(3);
  });

  it('fails every request of a message to an owner nobody serves as unreachable (safe to resend)', async () => {
    const gone = `gone-${suffix}`;
    const answers = await Promise.allSettled(
      [1, 2].map((n) => entry.place(gone, { userId: 'u', input: input(n), idempotencyKey: null, hops: 0 })),
    );
    for (const a of answers) expect(reason(a)).toBeInstanceOf(OwnerUnreachableError);
  });

  it('fails the requests held by an owner found off the bus at once (abandon), not at the timeout', async () => {
    const silent = `silent-${suffix}`;
    const sub = connections[2]!.subscribe(ownerSubject(silent), { callback: () => undefined });
    await connections[2]!.flush();
    const started = Date.now();
    const pending = Promise.allSettled(
      [1, 2].map((n) => entry.place(silent, { userId: 'u', input: input(n), idempotencyKey: 'k', hops: 0 })),
    );
    await new Promise((r) => setTimeout(r, 50));
    entry.abandon(silent);
    for (const a of await pending) expect(reason(a)).toBeInstanceOf(OwnerLostError);
    expect(Date.now() - started).toBeLessThan(1_500);
    sub.unsubscribe();
  });
});

/**
 * Decision 0084: a message already delivered to an owner that then dies (kill -9) or stops
 * (SIGSTOP) is never answered, and NATS says "no responders" only to messages sent after the
 * owner's subscription went. The link watches what waits and fails it long before its timeout.
 */
describe.skipIf(!reachable)('NatsTradingLink: an owner that dies or stalls holding routed requests', () => {
  const connections: NatsConnection[] = [];
  /** Members whose heartbeat lapsed, as the entry instance's ownership sees them. */
  const lapsed = new Set<string>();
  let entry: NatsTradingLink;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) connections.push(await connect({ servers: NATS_URL, noEcho: true }));
    const entrySide = owner(`entry-watch-${suffix}`, (member) => !lapsed.has(member));
    entry = NatsTradingLink.serve(connections[0]!, entrySide.trading, log, {
      timeoutMs: 10_000,
      probeAfterMs: 100,
      stalledAfterMs: 400,
    });
    await connections[0]!.flush();
  });

  afterAll(async () => {
    await entry.stop();
    await Promise.all(connections.map((c) => c.drain()));
  });

  /** An owner process that takes routed messages and never answers, on a connection of its own. */
  async function swallowingOwner(id: string) {
    const nc = await connect({ servers: NATS_URL, noEcho: true });
    let received = 0;
    nc.subscribe(ownerSubject(id), { callback: () => void received++ });
    await nc.flush();
    return { nc, received: () => received };
  }

  const place = (to: string, n: number) =>
    entry.place(to, { userId: 'u', input: input(n), idempotencyKey: `k-${n}`, hops: 0 });

  it('fails the requests an owner held when it dies, within a probe, not the 10 s timeout', async () => {
    const id = `killed-${suffix}`;
    const victim = await swallowingOwner(id);
    const started = Date.now();
    const pending = Promise.allSettled([1, 2].map((n) => place(id, n)));
    await expect.poll(() => victim.received(), { timeout: 2_000, interval: 10 }).toBe(1);
    // The process dies with the message: its socket closes, nats-server drops its subscription.
    await victim.nc.close();
    const answers = await pending;
    for (const a of answers) expect(reason(a)).toBeInstanceOf(OwnerLostError);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(entry.watch.probes).toBeGreaterThan(0);
  });

  it('fails the requests of an owner paused past its lease (heartbeat lapsed), not at the timeout', async () => {
    const id = `paused-${suffix}`;
    const paused = await swallowingOwner(id);
    const started = Date.now();
    const pending = Promise.allSettled([3].map((n) => place(id, n)));
    // Still subscribed (probes go unanswered); its heartbeat row lapses after a lease.
    await new Promise((r) => setTimeout(r, 200));
    lapsed.add(id);
    const [answer] = await pending;
    expect(reason(answer)).toBeInstanceOf(OwnerLostError);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(400);
    expect(waited).toBeLessThan(1_500);
    await paused.nc.close();
  });

  it('leaves the requests of a live owner that is slow to answer to the request timeout', async () => {
    const nc = await connect({ servers: NATS_URL, noEcho: true });
    const slow = NatsTradingLink.serve(nc, owner(`slow-entry-${suffix}`).trading, log, {
      timeoutMs: 1_200,
      probeAfterMs: 100,
      stalledAfterMs: 300,
    });
    const id = `slow-${suffix}`;
    const busy = await swallowingOwner(id);
    const started = Date.now();
    const [answer] = await Promise.allSettled([
      slow.place(id, { userId: 'u', input: input(1), idempotencyKey: 'k', hops: 0 }),
    ]);
    // Probed and live: nothing says it is gone, so it may still commit; only the timeout answers.
    expect(reason(answer)).toMatchObject({ status: 503, code: 'OWNER_UNAVAILABLE' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_150);
    expect(slow.watch.probes).toBeGreaterThan(0);
    await slow.stop();
    await busy.nc.close();
    await nc.drain();
  });
});

describe('routed order encoding', () => {
  it('round-trips every field of an order state', () => {
    for (const order of [orderState(1), orderState(2, { price: null, type: 'market', idempotencyKey: null })]) {
      const back = decodeOrder(JSON.parse(JSON.stringify(encodeOrder(order))) as ReturnType<typeof encodeOrder>);
      expect(back).toEqual(order);
      expect(Object.keys(back).sort()).toEqual(Object.keys(order).sort());
    }
  });
});
