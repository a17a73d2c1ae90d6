import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { custodyMove, issueBond, orderClient } from './test-support';

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
  bond = await issueBond(t, issuer, 'Accounts Test 5% 2030');
});
afterAll(() => t.close());

const custody = (
  cookie: string,
  direction: 'deposits' | 'withdrawals',
  payload: { email: string; currency: string; amount: string | number },
) => custodyMove(t, cookie, direction, payload);

describe('custody cash movements', () => {
  it('the custodian deposits to and withdraws from a user account within its available cash', async () => {
    const deposit = await custody(custodian, 'deposits', {
      email: 'compliance@meridian.test',
      currency: 'USD',
      amount: '2500.50',
    });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json()).toMatchObject({
      amount: '2500.50',
      balance: { currency: 'USD', total: '2500.50', reserved: '0.00', available: '2500.50' },
    });
    const tooMuch = await custody(custodian, 'withdrawals', {
      email: 'compliance@meridian.test',
      currency: 'USD',
      amount: '2500.51',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    const withdrawal = await custody(custodian, 'withdrawals', {
      email: 'compliance@meridian.test',
      currency: 'USD',
      amount: 500,
    });
    expect(withdrawal.json().balance.total).toBe('2000.50');
  });

  it('never lets reserved cash be withdrawn', async () => {
    const { available } = (
      await custody(custodian, 'deposits', { email: 'investor@meridian.test', currency: 'USD', amount: 1 })
    ).json().balance;
    await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 10, price: '90.00' });
    const res = await custody(custodian, 'withdrawals', {
      email: 'investor@meridian.test',
      currency: 'USD',
      amount: available,
    });
    expect(res.statusCode).toBe(422);
  });

  it('needs manage_custody', async () => {
    const res = await custody(investor, 'deposits', {
      email: 'investor@meridian.test',
      currency: 'USD',
      amount: 1_000_000,
    });
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Missing permission: manage_custody' });
  });
});

describe('portfolio analytics and system status', () => {
  it('reflect real positions, trades and order rates', async () => {
    await api.place(issuer, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 20, price: '100.00' });
    await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 8 });
    const mine = (await api.get(investor, '/api/portfolio/analytics')).json();
    expect(mine).toMatchObject({ currency: 'USD', totalTrades: 1, openOrders: 1, totalPnL: '0.00' });
    expect(mine.positions).toEqual([
      expect.objectContaining({
        instrumentId: bond,
        units: 8,
        price: '100.00',
        marketValue: '800.00',
        costBasis: '800.00',
        unrealizedPnL: '0.00',
      }),
    ]);
    const usd = mine.cash.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd.reserved).toBe('900.00');
    // The issuer's units were issued at par (100.00) and sold at par: no P&L; value = cash + 9,992 units x 100.00.
    const issuerView = (await api.get(issuer, '/api/portfolio/analytics')).json();
    expect(issuerView).toMatchObject({ totalPnL: '0.00', totalTrades: 1, openOrders: 1 });

    // Rates come from the last minute of rows, refreshed every 5 seconds.
    const status = await waitFor(
      'a trade rate in the system status',
      async () => (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json(),
      { until: (s) => s.tradesPerSecond > 0, timeoutMs: 7_500, everyMs: 250 },
    );
    expect(status.ordersPerSecond).toBeGreaterThanOrEqual(3 / 60 - 0.01);
    expect(status.tradesPerSecond).toBe(Math.round((1 / 60) * 100) / 100);
  });
});

describe('live stream', () => {
  it('sends book, trade, ticker frames to everyone and order frames only to their owner', async () => {
    const investorWs = await t.app.injectWS('/api/stream', { headers: { cookie: investor } });
    const issuerWs = await t.app.injectWS('/api/stream', { headers: { cookie: issuer } });
    const frames = {
      investor: [] as { type: string; order?: { orderType: string } }[],
      issuer: [] as { type: string }[],
    };
    investorWs.on('message', (data: Buffer) => frames.investor.push(JSON.parse(String(data))));
    issuerWs.on('message', (data: Buffer) => frames.issuer.push(JSON.parse(String(data))));
    await api.place(issuer, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 3, price: '99.00' });
    await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 1 });
    await new Promise((r) => setTimeout(r, 1200));
    const types = (list: { type: string }[]) => new Set(list.map((f) => f.type));
    expect(types(frames.investor)).toEqual(new Set(['order', 'trade', 'book', 'ticker']));
    expect(frames.investor.filter((f) => f.type === 'order').every((f) => f.order?.orderType === 'buy')).toBe(true);
    expect(frames.issuer.filter((f) => f.type === 'order')).toHaveLength(2);
    investorWs.terminate();
    issuerWs.terminate();
  });

  it('refuses a connection without a session', async () => {
    await expect(t.app.injectWS('/api/stream')).rejects.toThrow();
  });
});
