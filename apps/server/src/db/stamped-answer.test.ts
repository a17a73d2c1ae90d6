import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueBond, orderClient } from '../modules/trading/test-support';
import { createTestApp, type TestApp } from '../test/harness';
import { selectRows } from './client';
import { StampedAnswer } from './stamped-answer';
import { readStamp, versionedTradeWindows } from './trade-window';

// The list, the tickers and the portfolio keep their answer text per state of the trades and the
// reference data (decision 0077). The state is read from the database on every request, so a
// trade written by another instance (here: by SQL, which no code of this instance sees) must
// show in the next answer, as must one made through this instance.

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let bond: string;
const HOUR = 3_600_000;

interface Ticker {
  instrumentId: string;
  lastPrice: string | null;
  bestBid: string | null;
  trades24h: number;
}
interface ListItem {
  id: string;
  price: string | null;
  volume24h: string;
}

const json = async <T>(cookie: string, url: string): Promise<T> => {
  const res = await api.get(cookie, url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as T;
};
const ticker = async () => (await json<Ticker[]>(investor, '/api/market-data')).find((x) => x.instrumentId === bond)!;
const listed = async () => (await json<ListItem[]>(investor, '/api/instruments')).find((x) => x.id === bond)!;

async function cross(price: string, quantity = 1) {
  expect(
    (await api.place(issuer, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity, price })).statusCode,
  ).toBe(201);
  const buy = await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity, price });
  expect(buy.json().status).toBe('filled');
}

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  [issuer, investor] = (await Promise.all([t.signIn('issuer@meridian.test'), t.signIn('investor@meridian.test')])) as [
    string,
    string,
  ];
  bond = await issueBond(t, issuer, 'Kept Answers 4% 2029');
  await cross('100.00', 2);
});
afterAll(() => t.close());

describe('answers kept per state of the trades (decision 0077)', () => {
  it('a trade through this instance shows in the next list, tickers and portfolio', async () => {
    expect((await ticker()).lastPrice).toBe('100.00');
    expect((await listed()).price).toBe('100.00');
    const before = await json<{ totalTrades: number }>(investor, '/api/portfolio/analytics');
    await cross('101.00');
    expect(await ticker()).toMatchObject({ lastPrice: '101.00', trades24h: 2 });
    expect(await listed()).toMatchObject({ price: '101.00', volume24h: '301.00' });
    expect((await json<{ totalTrades: number }>(investor, '/api/portfolio/analytics')).totalTrades).toBe(
      before.totalTrades + 1,
    );
  });

  it('a trade written by another instance (SQL) shows in the next answers here', async () => {
    await ticker();
    await listed();
    // A copy of the last trade at another price, as another instance's batch would commit it.
    await t.db
      .execute(sql`insert into trades (id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity)
      select gen_random_uuid(), instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, 10750, 1
      from trades where instrument_id = ${bond} order by sequence desc limit 1`);
    expect((await ticker()).lastPrice).toBe('107.50');
    expect((await listed()).price).toBe('107.50');
  });

  it('a best bid placed without a trade shows in the next tickers', async () => {
    expect((await ticker()).bestBid).toBeNull();
    await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 1, price: '95.00' });
    expect((await ticker()).bestBid).toBe('95.00');
  });

  it('an order placed moves the portfolio (open orders, reserved cash) at once', async () => {
    const before = await json<{ openOrders: number }>(investor, '/api/portfolio/analytics');
    await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'limit', quantity: 1, price: '94.00' });
    const after = await json<{ openOrders: number }>(investor, '/api/portfolio/analytics');
    expect(after.openOrders).toBe(before.openOrders + 1);
  });

  it('the windows hold until their oldest trade is 24 hours old', async () => {
    // The bond's first trade 23 hours ago: the windows hold until it leaves, an hour from now.
    const at = new Date(Date.now() - 23 * HOUR);
    await t.db.execute(sql`update trades set created_at = ${at.toISOString()}
      where id = (select id from trades where instrument_id = ${bond} order by sequence limit 1)`);
    await t.db.execute(sql`select read_models_rebuild()`);
    const [oldest] = await selectRows<{ at: string }>(
      t.db,
      sql`select (extract(epoch from min(created_at)) * 1000)::text as at from trades
        where created_at >= now() - interval '24 hours'`,
    );
    const { stableUntil } = await versionedTradeWindows(t.db);
    expect(stableUntil).toBe(Number(oldest!.at) + 24 * HOUR);
    expect(stableUntil).toBeLessThanOrEqual(at.getTime() + 24 * HOUR);
  });

  it('a kept value is computed again when the stamp moves or its time runs out', async () => {
    let computed = 0;
    const answer = new StampedAnswer(async (db) => ({ stamp: await readStamp(db), until: 2_000, value: ++computed }));
    expect(await answer.get(t.db, 1_000)).toBe(1);
    expect(await answer.get(t.db, 1_999)).toBe(1);
    expect(await answer.get(t.db, 2_000)).toBe(2);
    expect(await answer.get(t.db, 1_000)).toBe(2);
    await cross('102.00');
    expect(await answer.get(t.db, 1_000)).toBe(3);
    await t.db.execute(sql`update credit_spreads set spread_bp = spread_bp`);
    expect(await answer.get(t.db, 1_000)).toBe(4);
    // Reads and writes elsewhere leave it.
    await t.db.execute(sql`update users set email_verified = email_verified`);
    expect(await answer.get(t.db, 1_000)).toBe(4);
  });
});
