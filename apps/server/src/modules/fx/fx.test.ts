import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FX_FILE, parseWideCsv } from '../../db/seed/market-history';
import { fromMinorUnits } from '@meridian/schemas';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { convert, FxRateUnavailableError, loadFxTable } from './service';

const csv = parseWideCsv(readFileSync(new URL(`../../db/seed/market-data/${FX_FILE}`, import.meta.url), 'utf8'));
const published = (date: string, currency: string) => {
  const row = csv.rows.find((r) => r[0] === date)!;
  return row[csv.header.indexOf(currency)]!;
};

describe('FX service on the seeded ECB history', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.signIn('investor@meridian.test');
  });
  afterAll(() => t.close());

  it('stores every published rate of the shipped file', async () => {
    const table = await loadFxTable(t.db);
    const last = csv.rows.at(-1)!;
    expect(table.rateDate).toBe(last[0]);
    expect(Number(table.quotes.find((q) => q.currency === 'USD')!.unitsPerEur)).toBe(
      Number(published(last[0]!, 'USD')),
    );
  });

  it('uses the latest rate on or before the date (a Sunday takes Friday)', async () => {
    const table = await loadFxTable(t.db, '2020-03-15');
    const usd = table.quotes.find((q) => q.currency === 'USD')!;
    expect(usd.rateDate).toBe('2020-03-13');
    expect(Number(usd.unitsPerEur)).toBe(Number(published('2020-03-13', 'USD')));
  });

  it('converts 1,000.00 USD to GBP through EUR exactly', async () => {
    const converted = await convert(t.db, 100_000n, 'USD', 'GBP', '2016-06-24');
    const expected = (100_000 * Number(published('2016-06-24', 'GBP'))) / Number(published('2016-06-24', 'USD'));
    expect(Number(converted)).toBe(Math.round(expected));
    expect(await convert(t.db, 12_345n, 'CHF', 'CHF')).toBe(12_345n);
  });

  it('refuses a currency with no rate yet (CNY starts 2005-04-01)', async () => {
    await expect(convert(t.db, 100n, 'CNY', 'USD', '2004-12-31')).rejects.toBeInstanceOf(FxRateUnavailableError);
    await expect(convert(t.db, 100n, 'CNY', 'USD', '2004-12-31')).rejects.toThrow(
      'no FX rate for CNY on or before 2004-12-31',
    );
  });

  it('GET /api/fx/rates answers rates against a base with their dates', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/fx/rates?base=USD&asOf=2008-09-15',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.source).toContain('European Central Bank');
    const jpy = body.rates.find((r: { currency: string }) => r.currency === 'JPY');
    const expected = Number(published('2008-09-15', 'JPY')) / Number(published('2008-09-15', 'USD'));
    expect(Number(jpy.rate)).toBeCloseTo(expected, 7);
    expect(body.rates.find((r: { currency: string }) => r.currency === 'USD').rate).toBe('1.00000000');
    expect(body.unavailable).toEqual([]);
  });

  it('rejects bad input and anonymous callers', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/fx/rates?base=XXX', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeDefined();
    const badDate = await t.app.inject({ method: 'GET', url: '/api/fx/rates?asOf=2020-13-45', headers: { cookie } });
    expect(badDate.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/fx/rates' })).statusCode).toBe(401);
  });

  it('before the first publication nothing is available', async () => {
    const body = (
      await t.app.inject({ method: 'GET', url: '/api/fx/rates?asOf=1998-12-31', headers: { cookie } })
    ).json();
    expect(body.rates).toEqual([]);
    expect(body.unavailable).toContain('USD');
  });

  it('POST /api/fx/conversions converts own cash at the ECB rate, so a CNY instrument can be paid for', async () => {
    const post = (payload: object, who = cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/fx/conversions',
        headers: { cookie: who, origin: TEST_ORIGIN },
        payload,
      });
    const table = await loadFxTable(t.db);
    const res = await post({ from: 'USD', to: 'CNY', amount: '1000.00' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.converted).toBe(fromMinorUnits(table.convert(100_000n, 'USD', 'CNY')));
    expect(body.rate).toBe(table.rateText('USD', 'CNY'));
    expect(body.balances.find((b: { currency: string }) => b.currency === 'CNY').total).toBe(body.converted);
    // The portfolio now lists CNY cash and still totals everything in USD.
    const analytics = (
      await t.app.inject({ method: 'GET', url: '/api/portfolio/analytics', headers: { cookie } })
    ).json();
    expect(analytics.cash.find((c: { currency: string }) => c.currency === 'CNY')).toMatchObject({
      total: body.converted,
      reportingValue: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(analytics.fx.notConverted).toEqual([]);

    expect((await post({ from: 'USD', to: 'USD', amount: '1' })).statusCode).toBe(400);
    expect((await post({ from: 'USD', to: 'EUR', amount: '-1' })).statusCode).toBe(400);
    expect((await post({ from: 'USD', to: 'EUR', amount: '1.234' })).statusCode).toBe(400);
    const broke = await post({ from: 'JPY', to: 'USD', amount: '5' });
    expect(broke.statusCode).toBe(422);
    expect(broke.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // JPY has no minor unit (ISO 4217): a fraction of a yen is refused at the edge, and a
    // conversion into JPY books whole yen (rounded once, half away from zero).
    const fractionalYen = await post({ from: 'JPY', to: 'USD', amount: '100.50' });
    expect(fractionalYen.statusCode).toBe(400);
    expect(fractionalYen.json().message).toContain('JPY amounts have no decimals');
    const toYen = await post({ from: 'USD', to: 'JPY', amount: '10.01' });
    expect(toYen.statusCode, toYen.body).toBe(201);
    expect(toYen.json().converted).toMatch(/^\d+\.00$/);
    expect(toYen.json().converted).toBe(fromMinorUnits(table.convertToMinorUnit(1_001n, 'USD', 'JPY')));
    // A regulator has no funds to manage.
    expect(
      (await post({ from: 'USD', to: 'EUR', amount: '1' }, await t.signIn('regulator@meridian.test'))).statusCode,
    ).toBe(403);
  });
});
