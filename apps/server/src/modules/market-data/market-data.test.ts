import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueBond, orderClient } from '../trading/test-support';

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let bond: string;

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  [issuer, investor] = (await Promise.all([t.signIn('issuer@meridian.test'), t.signIn('investor@meridian.test')])) as [
    string,
    string,
  ];
  bond = await issueBond(t, issuer, 'Market Data Test 4% 2029');
  for (const price of ['100.00', '102.00']) {
    await api.place(issuer, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 5, price });
    await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 5 });
  }
  await api.place(issuer, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 3, price: '103.00' });
  await api.place(issuer, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 4, price: '103.00' });
  await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 2, price: '99.50' });
});
afterAll(() => t.close());

describe('market data', () => {
  it('ticker: change against the first trade of the window, 24h high/low/volume, best prices', async () => {
    const [ticker] = (await api.get(investor, '/api/market-data'))
      .json()
      .filter((x: { instrumentId: string }) => x.instrumentId === bond);
    expect(ticker).toEqual({
      instrumentId: bond,
      name: 'Market Data Test 4% 2029',
      currency: 'USD',
      lastPrice: '102.00',
      change: '2.00',
      changePercent: 2,
      bestBid: '99.50',
      bestAsk: '103.00',
      volume24h: 10,
      turnover24h: '1010.00',
      high24h: '102.00',
      low24h: '100.00',
      trades24h: 2,
    });
  });

  it('order book: aggregated levels, depth limited, total = price x quantity', async () => {
    const book = (await api.get(investor, `/api/instruments/${bond}/orderbook?depth=1`)).json();
    expect(book).toEqual({
      instrumentId: bond,
      bids: [{ price: '99.50', quantity: 2, total: '199.00' }],
      asks: [{ price: '103.00', quantity: 7, total: '721.00' }],
    });
    expect((await api.get(investor, `/api/instruments/${bond}/orderbook?depth=0`)).statusCode).toBe(400);
    expect(
      (await api.get(investor, '/api/instruments/00000000-0000-4000-8000-000000000000/orderbook')).statusCode,
    ).toBe(404);
  });

  it('candles: one OHLCV bar per interval with trades; unknown intervals refused', async () => {
    const { candles } = (await api.get(investor, `/api/instruments/${bond}/candles?interval=1d&limit=5`)).json();
    expect(candles).toEqual([
      expect.objectContaining({ open: '100.00', high: '102.00', low: '100.00', close: '102.00', volume: 10 }),
    ]);
    expect((await api.get(investor, `/api/instruments/${bond}/candles?interval=2h`)).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/market-data' })).statusCode).toBe(401);
  });
});
