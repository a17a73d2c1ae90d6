import { EventEmitter } from 'node:events';
import type { WebSocket } from '@fastify/websocket';
import { describe, expect, it } from 'vitest';
import { LocalEventBus, type MarketEvent } from './event-bus';
import { attachStream, frameOf } from './stream';

/** What attachStream uses of a WebSocket, with the frames it was sent and what its wire held back. */
function fakeSocket(log: string[]) {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    send(frame: string) {
      this.sent.push(frame);
      log.push(`send ${frame.slice(0, 30)}`);
    },
  });
  let depth = 0;
  const wire = {
    cork: () => void (depth++, log.push('cork')),
    uncork: () => void (depth--, log.push('uncork')),
    get depth() {
      return depth;
    },
  };
  return { socket, wire };
}

const trade = (n: number): MarketEvent =>
  ({ type: 'trade', seq: n, trade: { id: `t${n}`, instrumentId: 'i' } }) as unknown as MarketEvent;
const order = (userId: string, n: number): MarketEvent =>
  ({ type: 'order', order: { id: `o${n}`, instrumentId: 'i' }, userId }) as unknown as MarketEvent;

describe('attachStream', () => {
  it("sends each connection the public events and its own orders, a tick's frames in one corked write", async () => {
    const bus = new LocalEventBus();
    const logA: string[] = [];
    const logB: string[] = [];
    const a = fakeSocket(logA);
    const b = fakeSocket(logB);
    attachStream(a.socket as unknown as WebSocket, 'alice', bus, undefined, { wire: a.wire });
    attachStream(b.socket as unknown as WebSocket, 'bob', bus, undefined, { wire: b.wire });
    const events = [order('alice', 1), trade(1), order('bob', 2), trade(2)];
    for (const event of events) bus.publish(event);
    // Within the tick: everything sent, held back on a corked wire.
    expect(a.wire.depth).toBe(1);
    expect(b.wire.depth).toBe(1);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(a.wire.depth).toBe(0);
    expect(b.wire.depth).toBe(0);
    const frame = (e: MarketEvent) => {
      const { userId: _u, ...message } = e as MarketEvent & { userId?: string };
      return JSON.stringify(message);
    };
    expect(a.socket.sent).toEqual([events[0], events[1], events[3]].map((e) => frame(e!)));
    expect(b.socket.sent).toEqual([events[1], events[2], events[3]].map((e) => frame(e!)));
    expect(logA[0]).toBe('cork');
    expect(logA.at(-1)).toBe('uncork');
    expect(logA.filter((l) => l === 'cork')).toHaveLength(1);
    // A later tick corks again.
    bus.publish(trade(3));
    await new Promise((resolve) => process.nextTick(resolve));
    expect(logA.filter((l) => l === 'cork')).toHaveLength(2);
    expect(a.wire.depth).toBe(0);
    expect(a.socket.sent).toHaveLength(4);
  });

  it('sends only the own orders of a connection that asked for them (feed=orders)', () => {
    const bus = new LocalEventBus();
    const { socket } = fakeSocket([]);
    attachStream(socket as unknown as WebSocket, 'alice', bus, undefined, { ownOrdersOnly: true });
    const events = [order('alice', 4), trade(4), order('bob', 5), order('alice', 6)];
    for (const event of events) bus.publish(event);
    expect(socket.sent.map((f) => JSON.parse(f) as { order?: { id: string } })).toEqual([
      { type: 'order', order: { id: 'o4', instrumentId: 'i' } },
      { type: 'order', order: { id: 'o6', instrumentId: 'i' } },
    ]);
  });

  it('serialises an event once, without its routing fields, whatever the number of connections', () => {
    const event = { ...order('alice', 3), remote: true } as MarketEvent;
    const first = frameOf(event);
    expect(JSON.parse(first)).toEqual({ type: 'order', order: { id: 'o3', instrumentId: 'i' } });
    expect(frameOf(event)).toBe(first);
  });

  it('answers commands in order with their frames, without a wire too', async () => {
    const bus = new LocalEventBus();
    const { socket } = fakeSocket([]);
    attachStream(socket as unknown as WebSocket, 'alice', bus, async (text) => ({ type: 'result', ref: text }));
    socket.emit('message', Buffer.from('r1'), false);
    socket.emit('message', Buffer.from('r2'), false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.sent).toEqual(['{"type":"result","ref":"r1"}', '{"type":"result","ref":"r2"}']);
  });
});
