import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADING_MESSAGES } from '@meridian/schemas';
import { createTestApp, type TestApp } from '../../test/harness';
import { holdings, issueBond, orderClient } from './test-support';

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let investor2: string;
let bond: string;

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  [issuer, investor, investor2] = (await Promise.all(
    ['issuer', 'investor', 'investor2'].map((u) => t.signIn(`${u}@meridian.test`)),
  )) as [string, string, string];
  bond = await issueBond(t, issuer);
});
afterAll(() => t.close());

const limit = (orderType: 'buy' | 'sell', quantity: number, price: string, instrumentId = bond) => ({
  instrumentId,
  orderType,
  type: 'limit',
  quantity,
  price,
});
const market = (orderType: 'buy' | 'sell', quantity: number, instrumentId = bond) => ({
  instrumentId,
  orderType,
  type: 'market',
  quantity,
});

describe('placing orders', () => {
  it('refuses a market order on an empty book (422), recording nothing', async () => {
    const res = await api.place(investor, market('buy', 5));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'NO_LIQUIDITY',
      message: 'No liquidity: there are no sell orders for this instrument',
    });
    expect((await api.get(investor, '/api/orders/my')).json()).toEqual([]);
  });

  it('settles delivery versus payment: exact cash and units move, reservations follow', async () => {
    const before = {
      issuer: await holdings(t, 'issuer@meridian.test', bond),
      investor: await holdings(t, 'investor@meridian.test', bond),
    };
    const sell = await api.place(issuer, limit('sell', 10, '101.00'));
    expect(sell.statusCode).toBe(201);
    expect(sell.json()).toMatchObject({
      status: 'open',
      quantity: 10,
      filledQuantity: 0,
      price: '101.00',
      orderType: 'sell',
      type: 'limit',
    });
    expect((await holdings(t, 'issuer@meridian.test', bond)).units.reserved).toBe(10n);

    const buy = await api.place(investor, market('buy', 4));
    expect(buy.statusCode).toBe(201);
    expect(buy.json()).toMatchObject({
      status: 'filled',
      filledQuantity: 4,
      averagePrice: '101.0000',
      price: null,
      timeInForce: 'IOC',
    });

    const after = {
      issuer: await holdings(t, 'issuer@meridian.test', bond),
      investor: await holdings(t, 'investor@meridian.test', bond),
    };
    expect(after.investor.cash.total - before.investor.cash.total).toBe(-40_400n);
    expect(after.investor.cash.reserved).toBe(before.investor.cash.reserved);
    expect(after.investor.units).toEqual({ total: 4n, reserved: 0n });
    expect(after.issuer.cash.total - before.issuer.cash.total).toBe(40_400n);
    expect(after.issuer.units.total - before.issuer.units.total).toBe(-4n);
    expect(after.issuer.units.reserved).toBe(6n);

    const [trade] = (await api.get(investor, '/api/trades/my')).json();
    expect(trade).toMatchObject({
      price: '101.00',
      quantity: 4,
      amount: '404.00',
      side: 'buy',
      liquidity: 'taker',
      takerSide: 'buy',
      settlementStatus: 'completed',
    });
    const book = (await api.get(investor, `/api/instruments/${bond}/orderbook?depth=8`)).json();
    expect(book).toEqual({ instrumentId: bond, bids: [], asks: [{ price: '101.00', quantity: 6, total: '606.00' }] });
  });

  it('releases the price improvement of a limit buy that fills below its limit', async () => {
    const before = await holdings(t, 'investor2@meridian.test', bond);
    const res = await api.place(investor2, limit('buy', 2, '105.00'));
    expect(res.json()).toMatchObject({ status: 'filled', filledQuantity: 2, averagePrice: '101.0000' });
    const after = await holdings(t, 'investor2@meridian.test', bond);
    expect(after.cash.total - before.cash.total).toBe(-20_200n);
    expect(after.cash.reserved).toBe(before.cash.reserved);
  });

  it('refuses a buy beyond the available cash (422 INSUFFICIENT_FUNDS)', async () => {
    // The issuer holds 500,000.00 USD; 5,000 x 101.00 = 505,000.00.
    const res = await api.place(issuer, limit('buy', 5000, '101.00'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: expect.stringContaining('needs $505,000.00'),
    });
  });

  it('refuses a sell beyond the available units (422 INSUFFICIENT_UNITS), counting reserved units', async () => {
    const res = await api.place(investor, limit('sell', 5, '120.00'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_UNITS', message: expect.stringContaining('needs 5 units') });
    expect((await api.place(investor, limit('sell', 4, '120.00'))).statusCode).toBe(201);
    expect((await api.place(investor, limit('sell', 1, '121.00'))).json()).toMatchObject({
      code: 'INSUFFICIENT_UNITS',
    });
  });

  it('prevents self-trades: a buy meeting only the same user’s sell is refused, the resting order untouched', async () => {
    const res = await api.place(issuer, limit('buy', 1, '101.00'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'SELF_TRADE' });
    const book = (await api.get(issuer, `/api/instruments/${bond}/orderbook`)).json();
    expect(book.asks[0]).toEqual({ price: '101.00', quantity: 4, total: '404.00' });
  });

  it('applies the place_orders amount limit (10,000,000.00 USD per order)', async () => {
    const res = await api.place(investor, limit('buy', 100_001, '100.00'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('answers 400 with the spec text when fields are missing, and 404 for an unknown instrument', async () => {
    const res = await api.place(investor, { orderType: 'buy', type: 'limit', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'body.instrumentId', message: TRADING_MESSAGES.requiredFields });
    const noPrice = await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 1 });
    expect(noPrice.json().issues).toEqual([{ path: 'body.price', message: TRADING_MESSAGES.requiredFields }]);
    const unknown = await api.place(investor, limit('buy', 1, '1.00', '00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
  });

  it('401 without a session; 403 for a user without place_orders', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/orders', payload: market('buy', 1) })).statusCode).toBe(
      401,
    );
    const regulator = await t.signIn('regulator@meridian.test');
    expect((await api.place(regulator, limit('buy', 1, '1.00'))).json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Missing permission: place_orders',
    });
  });
});

describe('idempotent retries', () => {
  it('a retried request with the same Idempotency-Key returns the first order and creates no second one', async () => {
    const headers = { 'idempotency-key': 'retry-1' };
    const [a, b] = await Promise.all([
      api.place(investor2, limit('buy', 1, '90.00'), headers),
      api.place(investor2, limit('buy', 1, '90.00'), headers),
    ]);
    const c = await api.place(investor2, limit('buy', 1, '90.00'), headers);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect(c.headers['idempotent-replayed']).toBe('true');
    const mine = (await api.get(investor2, '/api/orders/my'))
      .json()
      .filter((o: { price: string }) => o.price === '90.00');
    expect(mine).toHaveLength(1);
    const reused = await api.place(investor2, limit('buy', 2, '90.00'), headers);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('cancelling', () => {
  it('only the owner can cancel an open order; cancelling releases its reservation', async () => {
    const placed = (await api.place(investor2, limit('buy', 3, '95.00'))).json();
    const before = await holdings(t, 'investor2@meridian.test', bond);
    const other = await api.cancel(investor, placed.id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only cancel your own orders' });
    const own = await api.cancel(investor2, placed.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: placed.id, status: 'cancelled', cancelReason: 'user' });
    const after = await holdings(t, 'investor2@meridian.test', bond);
    expect(before.cash.reserved - after.cash.reserved).toBe(28_500n);
    expect((await api.cancel(investor2, placed.id)).statusCode).toBe(409);
    expect((await api.cancel(investor2, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('market data', () => {
  it('lists tickers with last price, 24h figures and best prices; candles of real trades', async () => {
    const tickers = (await api.get(investor, '/api/market-data')).json();
    const ticker = tickers.find((x: { instrumentId: string }) => x.instrumentId === bond);
    expect(ticker).toMatchObject({
      lastPrice: '101.00',
      change: '0.00',
      changePercent: 0,
      bestAsk: '101.00',
      bestBid: '90.00',
      volume24h: 6,
      turnover24h: '606.00',
      high24h: '101.00',
      low24h: '101.00',
      trades24h: 2,
    });
    const candles = (await api.get(investor, `/api/instruments/${bond}/candles?interval=1h`)).json();
    expect(candles.candles).toHaveLength(1);
    expect(candles.candles[0]).toMatchObject({
      open: '101.00',
      high: '101.00',
      low: '101.00',
      close: '101.00',
      volume: 6,
    });
  });

  it("lists one's own orders and the market's trades", async () => {
    const orders = (await api.get(investor, '/api/orders')).json();
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(orders).toEqual((await api.get(investor, '/api/orders/my')).json());
    const trades = (await api.get(investor, `/api/trades?instrumentId=${bond}`)).json();
    expect(trades.map((x: { quantity: number }) => x.quantity)).toEqual([2, 4]);
  });
});
