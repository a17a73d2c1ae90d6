import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { selectRows } from './client';
import { referenceVersion } from './reference-version';

// The caches of the read endpoints are keyed by the reference version (drizzle/0031, decision
// 0067). Rows are changed here by raw SQL, as another instance, the seed or an operator would:
// the next answer must show them, never the cached figure.

let t: TestApp;
let cookie: string;

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};

interface ListItem {
  id: string;
  name: string;
  issuerName: string | null;
  currency: string;
  price: string | null;
  priceSource: string | null;
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('investor@meridian.test');
});
afterAll(() => t.close());

describe('reference version', () => {
  it('moves once per writing transaction, at commit, and not on reads or other writes', async () => {
    const before = await referenceVersion(t.db);
    await get('/api/instruments');
    await t.db.execute(sql`update users set email_verified = email_verified where email = 'investor@meridian.test'`);
    expect(await referenceVersion(t.db)).toBe(before);
    // Two rows of two tables in one transaction: one bump.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update instruments set name = name where id in (select id from instruments limit 2)`);
      await tx.execute(sql`update credit_spreads set spread_bp = spread_bp`);
    });
    expect(await referenceVersion(t.db)).toBe(before + 1n);
    // A rolled-back write leaves it.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update instruments set name = name`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await referenceVersion(t.db)).toBe(before + 1n);
  });

  it('an instrument renamed by SQL is renamed in the next list, tickers and portfolio', async () => {
    const list = await get<ListItem[]>('/api/instruments');
    await get('/api/market-data');
    const target = list[list.length - 1]!;
    await t.db.execute(sql`update instruments set name = ${`${target.name} (renamed)`} where id = ${target.id}`);
    const again = await get<ListItem[]>('/api/instruments');
    expect(again.find((i) => i.id === target.id)?.name).toBe(`${target.name} (renamed)`);
    const tickers = await get<{ instrumentId: string; name: string }[]>('/api/market-data');
    expect(tickers.find((i) => i.instrumentId === target.id)?.name).toBe(`${target.name} (renamed)`);
  });

  it("an issuer organisation's new name is listed at once", async () => {
    const list = await get<ListItem[]>('/api/instruments');
    const target = list.find((i) => i.issuerName !== null)!;
    const [org] = await selectRows<{ id: string }>(
      t.db,
      sql`select issuer_org_id::text as id from instruments where id = ${target.id}`,
    );
    await t.db.execute(sql`update organisations set name = 'Renamed Issuer plc' where id = ${org!.id}`);
    const again = await get<ListItem[]>('/api/instruments');
    expect(again.find((i) => i.id === target.id)?.issuerName).toBe('Renamed Issuer plc');
  });

  it('a moved curve reprices the model-priced instruments of its currency', async () => {
    const list = await get<ListItem[]>('/api/instruments');
    const target = list.find((i) => i.priceSource === 'model' && i.currency === 'USD')!;
    expect(target).toBeDefined();
    await t.db.execute(sql`update risk_free_curve_points set rate = rate + 0.01 where currency = 'USD'`);
    const again = await get<ListItem[]>('/api/instruments');
    const moved = again.find((i) => i.id === target.id)!;
    expect(moved.priceSource).toBe('model');
    // A higher discount rate: a lower price.
    expect(Number(moved.price)).toBeLessThan(Number(target.price));
  });

  it('a new reference rate is served by GET /api/fx/rates at once', async () => {
    type Rates = { rates: { currency: string; rate: string; rateDate: string }[] };
    const before = await get<Rates>('/api/fx/rates?base=EUR');
    const usd = before.rates.find((r) => r.currency === 'USD')!;
    await t.db.execute(
      sql`update fx_reference_rates set usd = usd * 2 where rate_date = (select max(rate_date) from fx_reference_rates where usd is not null)`,
    );
    const after = await get<Rates>('/api/fx/rates?base=EUR');
    const doubled = after.rates.find((r) => r.currency === 'USD')!;
    expect(doubled.rateDate).toBe(usd.rateDate);
    expect(Number(doubled.rate)).toBeCloseTo(Number(usd.rate) * 2, 6);
  });
});
