import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinorUnits } from '@meridian/schemas';
import { orders, trades } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { custodyMove, holdings, issueBond, orderClient } from './test-support';

// Order batches decide on the last known available balance and write with a guard; these
// tests move cash behind that knowledge (custody) and check that no order ever spends
// money that is not there, and that none is refused for money that is.

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let custodian: string;
let bond: string;

const INVESTOR = 'investor@meridian.test';

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  [issuer, investor, custodian] = (await Promise.all(
    ['issuer', 'investor', 'custodian'].map((u) => t.signIn(`${u}@meridian.test`)),
  )) as [string, string, string];
  bond = await issueBond(t, issuer, 'Guard Test 3% 2029');
});
afterAll(() => t.close());

const custody = (direction: 'deposits' | 'withdrawals', amount: string) =>
  custodyMove(t, custodian, direction, { email: INVESTOR, currency: 'USD', amount });

const limit = (orderType: 'buy' | 'sell', quantity: number, price: string) => ({
  instrumentId: bond,
  orderType,
  type: 'limit',
  quantity,
  price,
});

describe('orders decided on a balance that moved behind the trading desk', () => {
  it('refuses, writing nothing, when cash left the account after the desk last saw it', async () => {
    expect((await api.place(issuer, limit('sell', 5, '100.00'))).statusCode).toBe(201);
    // The desk learns the investor's cash from this order's own write.
    expect((await api.place(investor, limit('buy', 1, '1.00'))).statusCode).toBe(201);
    const seen = await holdings(t, INVESTOR, bond);
    const leave = seen.cash.total - seen.cash.reserved - 5_000n;
    expect((await custody('withdrawals', fromMinorUnits(leave))).statusCode).toBe(201);
    const before = await holdings(t, INVESTOR, bond);
    expect(before.cash.total - before.cash.reserved).toBe(5_000n);
    const ordersBefore = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.instrumentId, bond)))
      .length;

    // Resting: would reserve 99.00 of the 50.00 left.
    const resting = await api.place(investor, limit('buy', 1, '99.00'));
    expect(resting.statusCode).toBe(422);
    expect(resting.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds: this order needs $99.00, you have $50.00 available in USD',
    });
    // Crossing: fills at once, so its reservation nets to zero; only total - reserved can catch it.
    const crossing = await api.place(investor, limit('buy', 1, '100.00'));
    expect(crossing.statusCode).toBe(422);
    expect(crossing.json().code).toBe('INSUFFICIENT_FUNDS');

    expect(await holdings(t, INVESTOR, bond)).toEqual(before);
    expect((await t.db.select({ id: orders.id }).from(orders).where(eq(orders.instrumentId, bond))).length).toBe(
      ordersBefore,
    );
    expect(await t.db.select({ id: trades.id }).from(trades).where(eq(trades.instrumentId, bond))).toEqual([]);
    const book = (await api.get(investor, `/api/instruments/${bond}/orderbook?depth=8`)).json();
    expect(book.asks).toEqual([{ price: '100.00', quantity: 5, total: '500.00' }]);
    // The guard's refusal took the matched batch back out of the book in memory (the crossing
    // buy had filled the resting sell there); the book was never reloaded from the database.
    expect(t.app.trading.books.rebuilds).toBe(0);
  });

  it('accepts an order paid by cash that arrived after the desk last saw the account', async () => {
    // The desk now holds the 50.00 it read while refusing above.
    expect((await custody('deposits', '1000.00')).statusCode).toBe(201);
    const res = await api.place(investor, limit('buy', 2, '100.00'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'filled', filledQuantity: 2, averagePrice: '100.0000' });
    const after = await holdings(t, INVESTOR, bond);
    expect(after.cash.total - after.cash.reserved).toBe(105_000n - 20_000n);
    expect(after.units).toEqual({ total: 2n, reserved: 0n });
  });
});
