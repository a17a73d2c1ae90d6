import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueBond, orderClient } from './test-support';

// Issue 17 item 9: GET /api/orders shows one's own orders; a supervisor sees all with owners.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/orders visibility', () => {
  it("never lists other users' orders to a trader; the regulator sees every order and its owner", async () => {
    const issuer = await t.signIn('issuer@meridian.test');
    const investor = await t.signIn('investor@meridian.test');
    const regulator = await t.signIn('regulator@meridian.test');
    const api = orderClient(t);
    const bond = await issueBond(t, issuer, 'Visibility Bond 2029');
    const sell = await api.place(issuer, {
      instrumentId: bond,
      orderType: 'sell',
      type: 'limit',
      quantity: 5,
      price: '120.00',
    });
    expect(sell.statusCode).toBe(201);
    const buy = await api.place(investor, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'limit',
      quantity: 2,
      price: '90.00',
    });
    expect(buy.statusCode).toBe(201);

    const seenByInvestor = (await api.get(investor, '/api/orders')).json() as { id: string; userId?: string }[];
    expect(seenByInvestor.map((o) => o.id)).toContain(buy.json().id);
    expect(seenByInvestor.map((o) => o.id)).not.toContain(sell.json().id);
    expect(seenByInvestor.every((o) => o.userId === undefined)).toBe(true);

    const seenByRegulator = (await api.get(regulator, '/api/orders')).json() as { id: string; userId?: string }[];
    const sellSeen = seenByRegulator.find((o) => o.id === sell.json().id);
    const buySeen = seenByRegulator.find((o) => o.id === buy.json().id);
    expect(sellSeen?.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(buySeen?.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sellSeen?.userId).not.toBe(buySeen?.userId);
  });
});
