import { connect, type NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachable as isReachable } from '../../test/reachable';
import type { MarketEvent } from './event-bus';
import { marketSubject, NatsEventBus, quotesSubject, userSubject } from './nats-bus';

// The cluster fan-out on a real nats-server (CI runs one; elsewhere this skips without it).
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

const reachable = await isReachable(NATS_URL, 4222);
if (process.env.CI && process.env.TEST_DATABASE_URL && !reachable)
  throw new Error(`nats-bus test: NATS is not reachable at ${NATS_URL}`);

const log = pino({ level: 'silent' });
// This run's deployment: other tests' clusters may publish on the same nats-server meanwhile.
const PREFIX = `nats-bus-test-${process.pid}`;
const seqOf = (e: MarketEvent) => ('seq' in e ? e.seq : null);
const trade = (n: number): MarketEvent => ({
  type: 'trade',
  seq: n,
  trade: {
    id: `t${n}`,
    instrumentId: 'i1',
    price: '100.00',
    quantity: n,
    takerSide: 'buy',
    createdAt: new Date(0).toISOString(),
  } as never,
});

const book = (n: number): MarketEvent => ({ type: 'book', instrumentId: 'i1', bids: [], asks: [], seq: n });
const ticker = (n: number): MarketEvent => ({
  type: 'ticker',
  seq: n,
  ticker: { instrumentId: 'i1', bestBid: '99.00', bestAsk: null } as never,
});

const order = (userId: string, quantity: number): MarketEvent => ({
  type: 'order',
  userId,
  order: { id: `o${quantity}`, instrumentId: 'i1', quantity, status: 'open' } as never,
});

describe.skipIf(!reachable)('NatsEventBus', () => {
  const connections: NatsConnection[] = [];
  let a: NatsEventBus;
  let b: NatsEventBus;

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) connections.push(await connect({ servers: NATS_URL, noEcho: true }));
    // No blind start: what they publish follows the announcements from the first message.
    a = new NatsEventBus(connections[0]!, 'a', log, PREFIX, { blindMs: 0 });
    b = new NatsEventBus(connections[1]!, 'b', log, PREFIX, { blindMs: 0 });
    a.start();
    b.start();
    await Promise.all(connections.map((c) => c.flush()));
  });

  afterAll(async () => {
    a.stop();
    b.stop();
    await Promise.all(connections.map((c) => c.drain()));
  });

  it('sends the events of one synchronous run as one message; the other instance gets each once, in order, marked remote', async () => {
    const wire: string[] = [];
    const spy = connections[2]!.subscribe(marketSubject(PREFIX), {
      callback: (_e, msg) => void wire.push(msg.string()),
    });
    await connections[2]!.flush();
    const onA: MarketEvent[] = [];
    const onB: MarketEvent[] = [];
    a.subscribe((e) => onA.push(e));
    b.subscribe((e) => onB.push(e));
    // B listens to the market subject from its first listener that wants every public event on,
    // and A has heard so (B's announcement is ahead of A's pong).
    await connections[1]!.flush();
    await connections[0]!.flush();

    for (let n = 1; n <= 3; n++) a.publish(trade(n));
    expect(onA.map(seqOf)).toEqual([1, 2, 3]); // local listeners at once
    await new Promise((r) => setTimeout(r, 0));
    a.publish(trade(4)); // a later turn: a message of its own
    await expect.poll(() => onB.length).toBe(4);
    await connections[2]!.flush();
    await expect.poll(() => wire.length).toBe(2);
    spy.unsubscribe();

    expect(onB.map((e) => [seqOf(e), e.remote])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ]);
    expect(onA.map(seqOf)).toEqual([1, 2, 3, 4]); // its own events do not come back
    expect(wire.map((m) => (JSON.parse(m) as { events: unknown[] }).events.length)).toEqual([3, 1]);
  });

  it("carries a user's own events only to an instance with a listener for that user, until it leaves", async () => {
    const onUser = (userId: string) => (e: MarketEvent) => e.type === 'order' && e.userId === userId;
    const seenByB: MarketEvent[] = [];
    const all = b.subscribe((e) => seenByB.push(e)); // public events only from elsewhere
    const alice: MarketEvent[] = [];
    const leave = b.subscribe((e) => alice.push(e), { userId: 'alice' });
    await connections[1]!.flush();
    await connections[0]!.flush();
    a.publish(order('alice', 1));
    a.publish(order('bob', 2));
    a.publish(trade(5));
    await expect.poll(() => seenByB.filter(onUser('alice')).length).toBe(1);
    await expect.poll(() => seenByB.filter((e) => e.type === 'trade').length).toBe(1);
    expect(alice.filter(onUser('alice'))).toHaveLength(1);

    leave();
    await connections[1]!.flush();
    a.publish(order('alice', 3));
    a.publish(trade(6)); // after alice's update: once it is here, hers would have been too
    await expect.poll(() => seenByB.filter((e) => e.type === 'trade').length).toBe(2);
    all();
    expect(seenByB.filter(onUser('alice'))).toHaveLength(1);
    expect(seenByB.filter(onUser('bob'))).toEqual([]); // nobody on B listens for bob
    expect(userSubject('alice', PREFIX)).not.toBe(marketSubject(PREFIX));
  });

  it('keeps deployments that share a nats-server apart: another prefix sees none of these events', async () => {
    const other = new NatsEventBus(connections[2]!, 'other', log, `${PREFIX}-other`);
    other.start();
    const seenByOther: MarketEvent[] = [];
    const seenByB: MarketEvent[] = [];
    other.subscribe((e) => seenByOther.push(e), { userId: 'alice' });
    const leave = b.subscribe((e) => seenByB.push(e));
    await connections[1]!.flush();
    await connections[2]!.flush();
    await connections[0]!.flush();
    a.publish(trade(7));
    a.publish(order('alice', 8));
    other.publish(trade(9));
    await expect.poll(() => seenByB.filter((e) => e.type === 'trade').length).toBe(1);
    await connections[0]!.flush();
    await connections[2]!.flush();
    leave();
    other.stop();
    expect(seenByB.map(seqOf)).toEqual([7]); // not the other deployment's trade 9
    expect(seenByOther.map(seqOf)).toEqual([9]); // its own trade, locally; nothing of this deployment's
  });

  it('carries public events to an instance only as its listeners need them: tickers alone, everything while a stream listens', async () => {
    const nc = await connect({ servers: NATS_URL, noEcho: true });
    const c = new NatsEventBus(nc, 'c', log, PREFIX);
    c.start();
    try {
      const quotes: MarketEvent[] = [];
      const own: MarketEvent[] = [];
      const offQuotes = c.subscribe((e) => quotes.push(e), { remote: 'tickers' });
      c.subscribe((e) => own.push(e), { remote: 'none' });
      await nc.flush();
      let received = c.received.public;
      a.publish(trade(20));
      a.publish(book(21));
      await new Promise((r) => setTimeout(r, 0));
      a.publish(ticker(22));
      await expect.poll(() => quotes.length).toBe(1);
      await connections[0]!.flush();
      await nc.flush();
      expect(quotes.map((e) => [seqOf(e), e.type, e.remote])).toEqual([[22, 'ticker', true]]);
      expect(c.received.public - received).toBe(1); // the trade and book message never reached C

      // A client stream on C: every public event, in order, from then on; the tickers' own
      // subject still serves the quotes listener (once per ticker).
      const stream: MarketEvent[] = [];
      const offStream = c.subscribe((e) => stream.push(e));
      await nc.flush();
      a.publish(trade(23));
      a.publish(book(24));
      a.publish(ticker(25));
      await expect.poll(() => stream.length).toBe(3);
      await expect.poll(() => quotes.length).toBe(2);
      expect(stream.map(seqOf)).toEqual([23, 24, 25]);
      expect(quotes.map(seqOf)).toEqual([22, 25]);

      // The stream gone, C no longer receives the market subject.
      offStream();
      await nc.flush();
      received = c.received.public;
      a.publish(trade(26));
      a.publish(ticker(27));
      await expect.poll(() => quotes.length).toBe(3);
      await connections[0]!.flush();
      await nc.flush();
      expect(c.received.public - received).toBe(1);
      expect(stream).toHaveLength(3);
      expect(own).toEqual([]); // `none`: nothing published elsewhere
      offQuotes();
      expect(quotesSubject(PREFIX)).not.toBe(marketSubject(PREFIX));
    } finally {
      c.stop();
      await nc.drain();
    }
  });

  it("publishes a user's events and the market's only while another instance announced a listener for them (decision 0096)", async () => {
    const prefix = `${PREFIX}-interest`;
    const [ncP, ncL, ncS, ncN] = await Promise.all(
      [1, 2, 3, 4].map(() => connect({ servers: NATS_URL, noEcho: true })),
    );
    const publisher = new NatsEventBus(ncP!, 'p', log, prefix, { blindMs: 0 });
    const listener = new NatsEventBus(ncL!, 'l', log, prefix, { blindMs: 0 });
    publisher.start();
    listener.start();
    // What goes on the wire: every message of this deployment's market, quotes and user subjects.
    const wire: string[] = [];
    for (const subject of [marketSubject(prefix), `${marketSubject(prefix)}.>`])
      ncS!.subscribe(subject, { callback: (_e, msg) => void wire.push(msg.subject) });
    const settle = async () => {
      for (const nc of [ncL!, ncP!, ncS!]) await nc.flush();
    };
    try {
      await settle();
      // Nobody listens anywhere: nothing is sent.
      publisher.publish(order('alice', 1));
      publisher.publish(trade(1));
      await settle();
      expect(wire).toEqual([]);

      // A listener for alice on L (no client stream): her events go, bob's and the trade do not.
      const alice: MarketEvent[] = [];
      const offAlice = listener.subscribe((e) => alice.push(e), { userId: 'alice', remote: 'none' });
      await settle();
      publisher.publish(order('alice', 2));
      publisher.publish(order('bob', 3));
      publisher.publish(trade(2));
      await expect.poll(() => alice.length).toBe(1);
      await settle();
      expect(wire).toEqual([userSubject('alice', prefix)]);

      // A client stream on L: the public events go as well.
      const stream: MarketEvent[] = [];
      const offStream = listener.subscribe((e) => stream.push(e));
      await settle();
      publisher.publish(trade(3));
      await expect.poll(() => stream.length).toBe(1);
      expect(wire.slice(1)).toEqual([marketSubject(prefix)]);

      // Both gone: nothing is sent again.
      offAlice();
      offStream();
      await settle();
      publisher.publish(order('alice', 4));
      publisher.publish(trade(4));
      await settle();
      expect(wire).toHaveLength(2);

      // An instance that has not heard the others yet (just started) publishes everything.
      const newcomer = new NatsEventBus(ncN!, 'n', log, prefix);
      newcomer.start();
      newcomer.publish(order('carol', 5));
      await ncN!.flush();
      await settle();
      expect(wire.slice(2)).toEqual([userSubject('carol', prefix)]);
      newcomer.stop();
    } finally {
      publisher.stop();
      listener.stop();
      await Promise.all([ncP, ncL, ncS, ncN].map((nc) => nc!.drain()));
    }
  });
});
