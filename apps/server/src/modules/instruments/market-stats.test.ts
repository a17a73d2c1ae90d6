import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments, orders, trades, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let cookie: string;
let instrumentId: string;
let model: { price: string; yield: number };

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('investor@meridian.test');
  const [row] = await t.db
    .select({ id: instruments.id })
    .from(instruments)
    .where(eq(instruments.contractType, 'PAM'))
    .limit(1);
  instrumentId = row!.id;
  model = (await t.app.inject({ method: 'GET', url: `/api/instruments/${instrumentId}`, headers: { cookie } })).json();
  const people = await t.db.select({ id: users.id, email: users.email }).from(users);
  const buyer = people.find((p) => p.email === 'investor@meridian.test')!.id;
  const seller = people.find((p) => p.email === 'investor2@meridian.test')!.id;
  // Two fills written straight into the trading tables: one 25 hours ago, one just now.
  const fill = async (price: bigint, quantity: bigint, at: Date) => {
    const [buy, sell] = [randomUUID(), randomUUID()];
    const order = (id: string, userId: string, side: 'buy' | 'sell') => ({
      id,
      userId,
      instrumentId,
      side,
      type: 'limit' as const,
      timeInForce: 'GTC' as const,
      price,
      quantity,
      filledQuantity: quantity,
      filledValue: price * quantity,
      status: 'filled' as const,
      createdAt: at,
      updatedAt: at,
    });
    await t.db.insert(orders).values([order(buy, buyer, 'buy'), order(sell, seller, 'sell')]);
    await t.db.insert(trades).values({
      id: randomUUID(),
      instrumentId,
      buyOrderId: buy,
      sellOrderId: sell,
      buyerId: buyer,
      sellerId: seller,
      takerSide: 'buy',
      price,
      quantity,
      createdAt: at,
    });
  };
  await fill(9_900n, 5n, new Date(Date.now() - 25 * 3_600_000));
  await fill(10_100n, 10n, new Date());
});
afterAll(() => t.close());

describe('prices from trades', () => {
  it('shows the last trade, its yield, the 24h volume and change', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/instruments', headers: { cookie } })).json() as Record<
      string,
      unknown
    >[];
    const row = list.find((r) => r.id === instrumentId)!;
    expect(row).toMatchObject({ price: '101.00', priceSource: 'last', volume24h: '1010.00' });
    // (101 - 99) / 99 = 2.02 %.
    expect(row.priceChange).toBeCloseTo(2.02, 2);
    // A higher price than the model means a lower yield, and vice versa.
    const higher = Number(row.price) > Number(model.price);
    expect((row.yield as number) < model.yield).toBe(higher);
  });
});
