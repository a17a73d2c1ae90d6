import { fromMinorUnits, toMinorUnits, type ContractType, type PortfolioAnalytics } from '@meridian/schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { loadFxTable } from '../fx/service';
import { modelPrice } from '../instruments/service';
import { depositCash } from '../ledger';

/**
 * Portfolio figures on the seeded demo, from fixture trades in all nine contract types.
 * Every expected figure is computed here from the fixture prices and quantities.
 */
let t: TestApp;
const m = (decimal: string) => toMinorUnits(decimal)!;
const usd = (minor: bigint) => fromMinorUnits(minor);

// Price (per unit) and quantity the investor buys each type at, two days ago.
const FIXTURE: Record<ContractType, { price: string; quantity: bigint }> = {
  PAM: { price: '99.00', quantity: 100n },
  ANN: { price: '88.00', quantity: 100n },
  LAM: { price: '92.00', quantity: 100n },
  SWPPV: { price: '0.40', quantity: 10_000n },
  SWAPS: { price: '0.90', quantity: 10_000n },
  STK: { price: '1.10', quantity: 10_000n },
  OPTNS: { price: '1.05', quantity: 10_000n },
  FUTUR: { price: '1.00', quantity: 10_000n },
  CEG: { price: '0.35', quantity: 10_000n },
};
const TYPES = Object.keys(FIXTURE) as ContractType[];
const DEMO_PAM = { price: '99.00', quantity: 100n };
const YESTERDAY_PAM = { price: '101.00', quantity: 10n };
const TODAY_PAM_SALE = { price: '102.50', quantity: 40n };
const TODAY_STK = { price: '1.25', quantity: 1_000n };

type Picked = { id: string; contractType: ContractType; currency: string; issuerUserId: string };
let picked: Record<ContractType, Picked>;
let ids: Record<'demo' | 'investor' | 'investor2', string>;
let pamModelBefore: bigint | null;

async function trade(
  sellerId: string,
  buyerId: string,
  instrumentId: string,
  price: string,
  quantity: bigint,
): Promise<void> {
  const order = { instrumentId, type: 'limit' as const, quantity: Number(quantity), price, postOnly: false };
  const sell = await t.app.trading.placeOrder(sellerId, { ...order, orderType: 'sell', timeInForce: 'GTC' }, null);
  const buy = await t.app.trading.placeOrder(buyerId, { ...order, orderType: 'buy', timeInForce: 'IOC' }, null);
  if (!sell.ok || !buy.ok || buy.order.status !== 'filled')
    throw new Error(
      `fixture trade did not fill: ${JSON.stringify([sell, buy], (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
    );
}

/** Moves every trade made in the last hour (and its journal entry) back by `days`. */
async function backdate(days: number): Promise<void> {
  const interval = sql.raw(`interval '${days} days'`);
  await t.db.execute(
    sql`update trades set created_at = created_at - ${interval} where created_at > now() - interval '1 hour'`,
  );
  await t.db.execute(
    sql`update journal_entries set created_at = created_at - ${interval} where kind = 'trade' and created_at > now() - interval '1 hour'`,
  );
  // Rewriting history bypasses the insert triggers: rebuild the read models (drizzle/0026).
  await t.db.execute(sql`select read_models_rebuild()`);
}

async function analytics(email: string): Promise<PortfolioAnalytics> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/portfolio/analytics',
    headers: { cookie: await t.signIn(email) },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  const people = await t.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['demo@meridian.test', 'investor@meridian.test', 'investor2@meridian.test']));
  const idOf = (email: string) => people.find((p) => p.email === email)!.id;
  ids = {
    demo: idOf('demo@meridian.test'),
    investor: idOf('investor@meridian.test'),
    investor2: idOf('investor2@meridian.test'),
  };
  const rows = await t.db
    .select({
      id: instruments.id,
      contractType: instruments.contractType,
      currency: instruments.currency,
      issuerUserId: instruments.issuerUserId,
    })
    .from(instruments)
    // T+0 only: the fixture resells units the same day, which T+N units (pending until their
    // settlement date) cannot be. The order of uuids is random, so a T+2 bond was picked at times.
    .where(eq(instruments.settlementCycle, 0));
  // One seeded instrument per type, in USD where the demo has one.
  picked = Object.fromEntries(
    TYPES.map((type) => {
      const ofType = rows.filter((r) => r.contractType === type).sort((a, b) => a.id.localeCompare(b.id));
      return [type, { ...(ofType.find((r) => r.currency === 'USD') ?? ofType[0]!), contractType: type }];
    }),
  ) as Record<ContractType, Picked>;
  expect(picked.PAM.currency).toBe('USD');
  expect(picked.STK.currency).toBe('USD');
  pamModelBefore = await modelPrice(t.db, picked.PAM.id);
  // Fixture cash for the non-USD instruments (the demo funds only some currencies).
  await t.db.transaction(async (tx) => {
    for (const currency of new Set(TYPES.map((type) => picked[type].currency).filter((c) => c !== 'USD'))) {
      await depositCash(tx, {
        userId: ids.investor,
        currency,
        amount: m('100000.00'),
        reference: `test:fixture:${currency}`,
      });
    }
  });

  for (const type of TYPES)
    await trade(picked[type].issuerUserId, ids.investor, picked[type].id, FIXTURE[type].price, FIXTURE[type].quantity);
  await trade(picked.PAM.issuerUserId, ids.demo, picked.PAM.id, DEMO_PAM.price, DEMO_PAM.quantity);
  await backdate(2);
  await trade(picked.PAM.issuerUserId, ids.investor2, picked.PAM.id, YESTERDAY_PAM.price, YESTERDAY_PAM.quantity);
  await backdate(1);
  await trade(ids.investor, ids.investor2, picked.PAM.id, TODAY_PAM_SALE.price, TODAY_PAM_SALE.quantity);
  await trade(picked.STK.issuerUserId, ids.investor2, picked.STK.id, TODAY_STK.price, TODAY_STK.quantity);
}, 120_000);
afterAll(() => t.close());

describe('GET /api/portfolio/analytics on the demo', () => {
  it("values the investor's positions in all nine types at cost and mark, with total and today's P&L", async () => {
    const a = await analytics('investor@meridian.test');
    expect(a.positions.map((p) => p.instrumentId).sort()).toEqual(TYPES.map((type) => picked[type].id).sort());
    const pamLeft = FIXTURE.PAM.quantity - TODAY_PAM_SALE.quantity;
    for (const type of TYPES) {
      const { price, quantity } = FIXTURE[type];
      const position = a.positions.find((p) => p.instrumentId === picked[type].id)!;
      const units = type === 'PAM' ? pamLeft : quantity;
      const mark = type === 'PAM' ? TODAY_PAM_SALE.price : type === 'STK' ? TODAY_STK.price : price;
      expect(position, type).toMatchObject({
        units: Number(units),
        price: mark,
        costBasis: usd(units * m(price)),
        marketValue: usd(units * m(mark)),
        unrealizedPnL: usd(units * (m(mark) - m(price))),
      });
    }
    const usdTypes = TYPES.filter((type) => picked[type].currency === 'USD');
    const spent = usdTypes.reduce((sum, type) => sum + FIXTURE[type].quantity * m(FIXTURE[type].price), 0n);
    const cash = m('1000000.00') - spent + TODAY_PAM_SALE.quantity * m(TODAY_PAM_SALE.price);
    const marketValue = usdTypes.reduce(
      (sum, type) =>
        sum +
        BigInt(a.positions.find((p) => p.instrumentId === picked[type].id)!.units) *
          m(type === 'PAM' ? TODAY_PAM_SALE.price : type === 'STK' ? TODAY_STK.price : FIXTURE[type].price),
      0n,
    );
    expect(a.cash.find((c) => c.currency === 'USD')?.total).toBe(usd(cash));
    // Other currencies: each summed in its currency (cash + positions at cost = mark), converted once.
    const fx = await loadFxTable(t.db);
    const otherCurrencies = new Set(a.cash.map((c) => c.currency).filter((c) => c !== 'USD'));
    expect(otherCurrencies.size).toBeGreaterThan(1);
    let converted = 0n;
    for (const currency of otherCurrencies) {
      const held = TYPES.filter((type) => picked[type].currency === currency).reduce(
        (sum, type) => sum + FIXTURE[type].quantity * m(FIXTURE[type].price),
        0n,
      );
      converted += fx.convert(m(a.cash.find((c) => c.currency === currency)!.total) + held, currency, 'USD');
    }
    expect(a.totalPortfolioValue).toBe(usd(cash + marketValue + converted));
    expect(a.fx).toMatchObject({ notConverted: [], rateDate: fx.rateDate });
    expect(a.fx!.rates.map((r) => r.currency).sort()).toEqual([...otherCurrencies].sort());
    const pamGain = FIXTURE.PAM.quantity * (m(TODAY_PAM_SALE.price) - m(FIXTURE.PAM.price));
    const stkGain = FIXTURE.STK.quantity * (m(TODAY_STK.price) - m(FIXTURE.STK.price));
    expect(a.realizedPnL).toBe(usd(TODAY_PAM_SALE.quantity * (m(TODAY_PAM_SALE.price) - m(FIXTURE.PAM.price))));
    expect(a.totalPnL).toBe(usd(pamGain + stkGain));
    // Since 00:00 UTC: the PAM from yesterday's 101.00 to today's 102.50 (sold or still held), the stock from 1.10 to 1.25.
    const pamToday = FIXTURE.PAM.quantity * (m(TODAY_PAM_SALE.price) - m(YESTERDAY_PAM.price));
    expect(a.todayPnL).toBe(usd(pamToday + stkGain));
    expect(a.issuedInventory).toEqual([]);
  });

  it('reports the totals in a chosen currency with the same rates', async () => {
    const inUsd = await analytics('investor@meridian.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portfolio/analytics?currency=EUR',
      headers: { cookie: await t.signIn('investor@meridian.test') },
    });
    expect(res.statusCode).toBe(200);
    const inEur: PortfolioAnalytics = res.json();
    expect(inEur.currency).toBe('EUR');
    const fx = await loadFxTable(t.db);
    // Same holdings, other currency: within the rounding of one conversion per currency.
    const expected = fx.convert(m(inUsd.totalPortfolioValue), 'USD', 'EUR');
    const diff = m(inEur.totalPortfolioValue) - expected;
    expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(10n);
    expect(inEur.cash.find((c) => c.currency === 'EUR')?.reportingValue).toBe(
      inEur.cash.find((c) => c.currency === 'EUR')?.total,
    );
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/portfolio/analytics?currency=XXX',
      headers: { cookie: await t.signIn('investor@meridian.test') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeDefined();
  });

  it("keeps the demo user's own issues out of value and P&L and lists them as inventory", async () => {
    const a = await analytics('demo@meridian.test');
    const ownUsdSold = TYPES.filter(
      (type) => picked[type].issuerUserId === ids.demo && picked[type].currency === 'USD',
    ).reduce((sum, type) => sum + FIXTURE[type].quantity * m(FIXTURE[type].price), 0n);
    const cash = m('1000000.00') + ownUsdSold - DEMO_PAM.quantity * m(DEMO_PAM.price);
    const pamValue = DEMO_PAM.quantity * m(TODAY_PAM_SALE.price);
    expect(a.positions).toEqual([
      expect.objectContaining({
        instrumentId: picked.PAM.id,
        units: 100,
        costBasis: usd(DEMO_PAM.quantity * m(DEMO_PAM.price)),
        marketValue: usd(pamValue),
      }),
    ]);
    const fx = await loadFxTable(t.db);
    const otherCash = a.cash
      .filter((c) => c.currency !== 'USD')
      .reduce((sum, c) => sum + fx.convert(m(c.total), c.currency, 'USD'), 0n);
    expect(a.totalPortfolioValue).toBe(usd(cash + pamValue + otherCash));
    expect(a.totalPnL).toBe(usd(pamValue - DEMO_PAM.quantity * m(DEMO_PAM.price)));
    expect(a.todayPnL).toBe(usd(DEMO_PAM.quantity * (m(TODAY_PAM_SALE.price) - m(YESTERDAY_PAM.price))));
    expect(a.realizedPnL).toBe('0.00');
    // Seven demo listings are the demo user's own (Meridian Markets Ltd), among them the USD payer swap.
    const own = await t.db
      .select({ id: instruments.id })
      .from(instruments)
      .where(eq(instruments.issuerUserId, ids.demo));
    expect(a.issuedInventory?.map((i) => i.instrumentId).sort()).toEqual(own.map((o) => o.id).sort());
    expect(own.length).toBe(7);
  });

  it('shows only cash for a user without trades', async () => {
    const a = await analytics('investor2@meridian.test');
    expect(a.positions.length).toBe(2);
    const fresh = await analytics('regulator@meridian.test');
    expect(fresh).toMatchObject({
      totalPortfolioValue: '0.00',
      totalPnL: '0.00',
      todayPnL: '0.00',
      positions: [],
      issuedInventory: [],
    });
  });

  it('keeps the model price apart from the last trade', async () => {
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/instruments',
        headers: { cookie: await t.signIn('investor@meridian.test') },
      })
    ).json();
    expect(list.find((i: { id: string }) => i.id === picked.PAM.id)).toMatchObject({
      price: TODAY_PAM_SALE.price,
      priceSource: 'last',
    });
    expect(pamModelBefore).not.toBeNull();
    expect(await modelPrice(t.db, picked.PAM.id)).toBe(pamModelBefore);
  });
});
