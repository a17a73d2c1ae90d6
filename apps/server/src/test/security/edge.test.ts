import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersignedCustodyMove, custodyMove, issueBond, orderClient } from '../../modules/trading/test-support';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../harness';

// Regressions of issue 17: what a client sends is refused at the edge with a 4xx, never a 500.

let t: TestApp;
let custodian: string;
let custodian2: string;
let issuer: string;
let investor: string;

beforeAll(async () => {
  t = await createTestApp();
  custodian = await t.signIn('custodian@meridian.test');
  custodian2 = await t.signIn('custodian2@meridian.test');
  issuer = await t.signIn('issuer@meridian.test');
  investor = await t.signIn('investor@meridian.test');
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('amounts are bounded', () => {
  it.each(['92233720368547758.07', '99999999999999999999', '1000000000000.01'])(
    'refuses a custody deposit of %s with 400',
    async (amount) => {
      const res = await custodyMove(t, custodian, 'deposits', {
        email: 'investor@meridian.test',
        currency: 'JPY',
        amount,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    },
  );

  it('accepts the largest amount, and refuses a deposit that would take an account past its cash limit', async () => {
    // Each is over the single-signature limit: a second custodian signs it.
    const deposit = () =>
      countersignedCustodyMove(t, custodian, custodian2, 'deposits', {
        email: 'investor2@meridian.test',
        currency: 'JPY',
        amount: '1000000000000',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await deposit());
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(422);
    // Other holders can still be paid in: the omnibus account is nowhere near its limit.
    expect(
      (
        await custodyMove(t, custodian, 'deposits', {
          email: 'investor@meridian.test',
          currency: 'JPY',
          amount: '5',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses an order price beyond the bound with 400', async () => {
    const bond = await issueBond(t, issuer, 'Edge Bound Bond 2029');
    const res = await orderClient(t).place(investor, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'limit',
      quantity: 1,
      price: '99999999999999999999',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('control characters are refused at the edge', () => {
  it('refuses a NUL in a custody reference with 400', async () => {
    const res = await custodyMove(t, custodian, 'deposits', {
      email: 'investor@meridian.test',
      currency: 'USD',
      amount: '1.00',
      reference: 'wire\u0000-1',
    } as never);
    expect(res.statusCode).toBe(400);
  });

  it('refuses a NUL in an instrument name with 400', async () => {
    const res = await post('/api/instruments', issuer, {
      contractType: 'PAM',
      name: 'Bad\u0000Name Bond',
      notionalAmount: 1000,
      currency: 'USD',
      issueDate: '2026-01-01',
      interestRate: 4,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses control characters anywhere in a JSON body, query or key', async () => {
    const nested = await post('/api/role-management/validate-permission', investor, {
      permissionId: 'place_orders',
      context: { note: ['ok', 'esc\u001b'] },
    });
    expect(nested.statusCode).toBe(400);
    const key = await post('/api/role-management/validate-permission', investor, {
      permissionId: 'place_orders',
      context: { 'k\u0000': 1 },
    });
    expect(key.statusCode).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fa%00b' });
    expect(query.statusCode).toBe(400);
  });
});

describe('POST /api/instruments without a body', () => {
  it.each([undefined, null])('answers 400 for %s', async (payload) => {
    const res = await post('/api/instruments', issuer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('order idempotency replay', () => {
  it('refuses the same key with a different timeInForce or postOnly with 422', async () => {
    const bond = await issueBond(t, issuer, 'Edge Replay Bond 2029');
    const order = { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 1, price: '150.00' };
    const api = orderClient(t);
    const first = await api.place(issuer, { ...order, timeInForce: 'GTC' }, { 'idempotency-key': 'edge-tif-1' });
    expect(first.statusCode).toBe(201);
    const same = await api.place(issuer, { ...order, timeInForce: 'GTC' }, { 'idempotency-key': 'edge-tif-1' });
    expect(same.statusCode).toBe(201);
    expect(same.json().id).toBe(first.json().id);
    const ioc = await api.place(issuer, { ...order, timeInForce: 'IOC' }, { 'idempotency-key': 'edge-tif-1' });
    expect(ioc.statusCode).toBe(422);
    expect(ioc.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const postOnly = await api.place(issuer, { ...order, postOnly: true }, { 'idempotency-key': 'edge-tif-1' });
    expect(postOnly.statusCode).toBe(422);
    expect(postOnly.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('sign-out and session tokens', () => {
  it('GET /api/logout does not sign out; POST with our origin does', async () => {
    const cookie = await t.signIn('investor2@meridian.test');
    const get = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(get.statusCode).toBe(302);
    expect(get.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: TEST_ORIGIN } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(out.cookies.find((c) => c.name.includes('session_token'))?.value ?? '').toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('never hands a session token to scripts (sign-in, get-session, list-sessions)', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'investor@meridian.test', password: 'meridian-demo' },
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((c) => c.name.includes('session_token'))!;
    const token = decodeURIComponent(session.value).split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    expect(signIn.body).not.toContain(token);
    expect(signIn.json()).not.toHaveProperty('token');
    const cookie = `${session.name}=${session.value}`;
    for (const url of ['/api/auth/list-sessions', '/api/auth/get-session']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(token);
      expect(res.body).not.toMatch(/"token"/);
    }
  });
});
