import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { custodyMove, issueBond, orderClient } from './test-support';

// Order entry over /api/stream (issue 16 item 7): the same answers as POST/DELETE /api/orders.

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let custodian: string;
let bond: string;

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  [issuer, investor, custodian] = (await Promise.all(
    ['issuer', 'investor', 'custodian'].map((u) => t.signIn(`${u}@meridian.test`)),
  )) as [string, string, string];
  bond = await issueBond(t, issuer, 'WebSocket Orders 3% 2029');
  await custodyMove(t, custodian, 'deposits', { email: 'investor@meridian.test', currency: 'USD', amount: '100000' });
}, 180_000);
afterAll(() => t.close());

type Answer = { type: string; ref: string | null; status: number; [key: string]: unknown };

/** A stream connection that sends command frames and resolves each with the answer carrying its ref. */
async function connect(cookie: string, path = '/api/stream') {
  const ws = await t.app.injectWS(path, { headers: { cookie } });
  const waiting = new Map<string | null, (a: Answer) => void>();
  const frames: Answer[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(String(data)) as Answer;
    frames.push(frame);
    if (frame.type !== 'result' && frame.type !== 'error' && frame.type !== 'sent_for_approval') return;
    waiting.get(frame.ref)?.(frame);
    waiting.delete(frame.ref);
  });
  let n = 0;
  return {
    ws,
    frames,
    send(frame: object | string, ref: string | null = `r${++n}`): Promise<Answer> {
      const answered = new Promise<Answer>((resolve) => waiting.set(ref, resolve));
      ws.send(typeof frame === 'string' ? frame : JSON.stringify({ ref, ...frame }));
      return answered;
    },
  };
}

describe('order entry over the WebSocket', () => {
  it('places an order with the HTTP answer, an audit row and a shared idempotency key', async () => {
    const client = await connect(investor);
    const order = { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 2, price: '95.00' };
    const placed = await client.send({ type: 'place', idempotencyKey: 'ws-key-1', order });
    expect(placed).toMatchObject({ type: 'result', status: 201, replayed: false });
    const placedOrder = placed.order as { id: string };
    expect(placed.order).toMatchObject({ instrumentId: bond, orderType: 'buy', quantity: 2, price: '95.00' });

    // The same order as GET /api/orders/my shows it.
    const mine = (await api.get(investor, '/api/orders/my')).json() as { id: string }[];
    expect(mine.find((o) => o.id === placedOrder.id)).toEqual(placed.order);

    // One audit row, authorised by the same permission decision as the HTTP route.
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, placedOrder.id));
    expect(rows.map((r) => r.action)).toEqual(['trading.order.place']);
    expect(rows[0]!.authorisedBy).toMatch(/^place_orders \(/);
    expect(rows[0]!.actorEmail).toBe('investor@meridian.test');

    // A retry with the key replays, over the socket and over HTTP alike.
    const again = await client.send({ type: 'place', idempotencyKey: 'ws-key-1', order });
    expect(again).toMatchObject({ status: 201, replayed: true, order: { id: placedOrder.id } });
    const http = await api.place(investor, order, { 'idempotency-key': 'ws-key-1' });
    expect(http.statusCode).toBe(201);
    expect(http.headers['idempotent-replayed']).toBe('true');
    expect(http.json().id).toBe(placedOrder.id);
    const reused = await client.send({ type: 'place', idempotencyKey: 'ws-key-1', order: { ...order, quantity: 3 } });
    expect(reused).toMatchObject({ type: 'error', status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });

    // Cancel, then cancel again: 200, then the HTTP route's 409.
    const cancelled = await client.send({ type: 'cancel', orderId: placedOrder.id });
    expect(cancelled).toMatchObject({
      type: 'result',
      status: 200,
      order: { id: placedOrder.id, status: 'cancelled' },
    });
    const twice = await client.send({ type: 'cancel', orderId: placedOrder.id });
    const httpTwice = await api.cancel(investor, placedOrder.id);
    expect(twice).toMatchObject({ type: 'error', status: httpTwice.statusCode, ...httpTwice.json() });
    client.ws.terminate();
  }, 120_000);

  it('refuses what the HTTP route refuses, with the same status and body', async () => {
    const cases: [string, object][] = [
      [investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 0, price: '95.00' }],
      [investor, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 1, price: '95.00' }],
      [investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 1_000_000, price: '99.00' }],
      [custodian, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 1, price: '95.00' }],
    ];
    for (const [cookie, order] of cases) {
      const client = await connect(cookie);
      const ws = await client.send({ type: 'place', order });
      const http = await api.place(cookie, order);
      expect(http.statusCode).toBeGreaterThanOrEqual(400);
      expect(ws).toMatchObject({ type: 'error', status: http.statusCode, ...http.json() });
      client.ws.terminate();
    }
  }, 120_000);

  it('sends a supervised role’s over-limit order for approval, as POST /api/orders does (202)', async () => {
    const maker = await t.signIn('marketmaker@meridian.test');
    // 110,000 × 95.00 = $10,450,000: above the Market Maker limit ($10,000,000), a supervised role.
    const order = { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 110_000, price: '95.00' };
    const client = await connect(maker);
    const ws = await client.send({ type: 'place', order });
    const http = await api.place(maker, order);
    expect(http.statusCode).toBe(202);
    const body = http.json() as { code: string; message: string; approvalId: string; status: string };
    expect(body).toMatchObject({ code: 'SUPERVISION_REQUIRED', status: 'pending', approvalId: expect.any(String) });
    expect(body.message).toMatch(/^Sent to your supervisor for approval: \$10,450,000\.00 under place_orders/);
    // The same outcome over the socket: a frame saying sent for approval, with the same (one) approval.
    expect(ws).toEqual({
      type: 'sent_for_approval',
      ref: expect.any(String),
      status: 202,
      code: body.code,
      message: body.message,
      approvalId: body.approvalId,
    });
    // Nothing was placed, either way; the approval request is audited once.
    const placed = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.quantity, 110_000n));
    expect(placed).toEqual([]);
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, body.approvalId));
    expect(rows.map((r) => r.action)).toEqual(['access.supervision.request']);
    // An unsupervised role over its limit is still refused the same way on both.
    const big = { ...order, quantity: 1_000_000 };
    const investorClient = await connect(investor);
    const refusedWs = await investorClient.send({ type: 'place', order: big });
    const refusedHttp = await api.place(investor, big);
    expect(refusedHttp.statusCode).toBe(403);
    expect(refusedWs).toMatchObject({ type: 'error', status: 403, ...refusedHttp.json() });
    investorClient.ws.terminate();
    client.ws.terminate();
  }, 120_000);

  it('sends an order-entry stream (feed=orders) its answers and own orders, no market frames', async () => {
    const own = await connect(investor, '/api/stream?feed=orders');
    const market = await connect(investor);
    // The issuer sells, the investor buys over the socket: a trade, book changes, order updates.
    const sell = await api.place(issuer, {
      instrumentId: bond,
      orderType: 'sell',
      type: 'limit',
      quantity: 1,
      price: '96.00',
    });
    expect(sell.statusCode).toBe(201);
    const bought = await own.send({
      type: 'place',
      order: { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 1, price: '96.00' },
    });
    expect(bought).toMatchObject({ type: 'result', status: 201, order: { status: 'filled' } });
    await new Promise((resolve) => setTimeout(resolve, 300)); // book frames are coalesced (50 ms)
    const boughtId = (bought.order as { id: string }).id;
    expect(own.frames.map((f) => f.type).sort()).toEqual(['order', 'result']);
    expect(own.frames.find((f) => f.type === 'order')).toMatchObject({ order: { id: boughtId, status: 'filled' } });
    // The default feed got the market frames too.
    expect(market.frames.map((f) => f.type)).toEqual(expect.arrayContaining(['order', 'trade', 'book']));
    const invalid = t.app.injectWS('/api/stream?feed=everything', { headers: { cookie: investor } });
    await expect(invalid).rejects.toThrow(/400/);
    own.ws.terminate();
    market.ws.terminate();
  }, 120_000);

  it('answers an unreadable frame 400 and keeps the connection', async () => {
    const client = await connect(investor);
    const garbage = await client.send('not json', null);
    expect(garbage).toMatchObject({ type: 'error', ref: null, status: 400, code: 'VALIDATION_ERROR' });
    const unknown = await client.send({ type: 'modify', ref: 'x1' }, 'x1');
    expect(unknown).toMatchObject({ type: 'error', status: 400, code: 'VALIDATION_ERROR' });
    const ok = await client.send({
      type: 'place',
      order: { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 1, price: '90.00' },
    });
    expect(ok).toMatchObject({ type: 'result', status: 201 });
    client.ws.terminate();
  }, 120_000);
});
