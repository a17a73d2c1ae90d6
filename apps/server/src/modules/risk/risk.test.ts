import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../../test/harness';
import { loadFxTable } from '../fx/service';
import { issueBond, orderClient } from '../trading/test-support';
import { SNAPSHOT_JOB } from './plugin';

let t: TestApp;
let investor: string;
let issuer: string;
let regulator: string;

beforeAll(async () => {
  t = await createTestApp();
  [investor, issuer, regulator] = (await Promise.all(
    ['investor', 'issuer', 'regulator'].map((u) => t.signIn(`${u}@meridian.test`)),
  )) as [string, string, string];
}, 180_000);
afterAll(() => t.close());

const metrics = (cookie: string, scope = 'own') =>
  t.app.inject({ method: 'GET', url: `/api/risk/metrics?scope=${scope}`, headers: { cookie } });

describe('GET /api/risk/metrics', () => {
  it('values cash in every currency in USD and measures its FX risk on real history', async () => {
    const res = await metrics(investor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Seeded cash: 1,000,000 USD + 250,000 EUR at the latest ECB rate.
    const fx = await loadFxTable(t.db);
    const eurInUsd = Number(fx.convert(250_000_00n, 'EUR', 'USD')) / 100;
    expect(Number(body.portfolioValue)).toBeCloseTo(1_000_000 + eurInUsd, 0);
    expect(body.exposure).toEqual([{ category: 'Cash', value: body.portfolioValue, percent: 100 }]);
    // EUR cash moves with EURUSD: VaR > 0, ES ≥ VaR 95, 99 ≥ 95, no rate risk.
    expect(Number(body.var.var95)).toBeGreaterThan(0);
    expect(Number(body.var.es975)).toBeGreaterThanOrEqual(Number(body.var.var95));
    expect(Number(body.var.var99)).toBeGreaterThanOrEqual(Number(body.var.var95));
    expect(Number(body.var.var99TenDay)).toBeGreaterThan(Number(body.var.var99));
    expect(body.var.scenarios).toBe(500);
    expect(body.var.window.to).toBe('2025-07-11');
    expect(body.dv01).toBe('0.00');
    // History back-filled by the engine over the window, backtested.
    expect(body.history.length).toBe(250);
    expect(body.history.every((h: { source: string }) => h.source === 'backfill')).toBe(true);
    expect(body.backtest.days).toBe(250);
    expect(['green', 'yellow', 'red']).toContain(body.backtest.zone);
    expect(body.limits.map((l: { kind: string; limit: number }) => [l.kind, l.limit])).toEqual([
      ['var_95', 200_000],
      ['concentration', 25],
      ['leverage', 15],
      ['liquidity', 1],
    ]);
    // The investor's firm has a seeded capital base: Basel III figures from its own portfolio.
    expect(body.capital.status).toMatch(/^(compliant|buffer shortfall|below minimum)$/);
  });

  it('revalues a bond bought on the platform: DV01 > 0, rate stress loses, rating from the issuer', async () => {
    const bond = await issueBond(t, issuer, 'Risk Test 4% 2028');
    const api = orderClient(t);
    expect(
      (
        await api.place(issuer, {
          instrumentId: bond,
          orderType: 'sell',
          type: 'limit',
          quantity: 100,
          price: '100.00',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 100 })).statusCode,
    ).toBe(201);
    const body = (await metrics(investor)).json();
    expect(body.positions).toBe(1);
    expect(Number(body.dv01)).toBeGreaterThan(0);
    expect(body.exposure.map((e: { category: string }) => e.category).sort()).toEqual(['Bonds', 'Cash']);
    const up = body.stress.find((s: { scenario: string }) => s.scenario === 'Rates +200 bp parallel');
    const down = body.stress.find((s: { scenario: string }) => s.scenario === 'Rates −200 bp parallel');
    expect(Number(up.portfolioImpact)).toBeLessThan(0);
    expect(Number(down.portfolioImpact)).toBeGreaterThan(0);
    expect(body.stress.map((s: { scenario: string }) => s.scenario)).toEqual(
      expect.arrayContaining([expect.stringContaining('2008'), expect.stringContaining('2020')]),
    );
    expect(body.creditRating.rating).not.toBeNull();
    expect(body.noHistory[0]).toMatch(/^no history for credit spreads/);
  });

  it('answers from cache until something changes', async () => {
    const first = (await metrics(investor)).json();
    const second = (await metrics(investor)).json();
    expect(second.computedAt).toBe(first.computedAt);
  });

  it('scopes: organisation for members, market only for regulators', async () => {
    expect((await metrics(investor, 'organisation')).statusCode).toBe(200);
    expect((await metrics(investor, 'market')).statusCode).toBe(403);
    const market = await metrics(regulator, 'market');
    expect(market.statusCode).toBe(200);
    expect(market.json().scopeName).toBe('Whole market');
    expect((await metrics(investor, 'galaxy')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/risk/metrics' })).statusCode).toBe(401);
  });
});

describe('POST /api/risk/stress', () => {
  const stress = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/risk/stress', headers: { cookie, origin: TEST_ORIGIN }, payload });

  it('runs a custom scenario for holders of run_stress_tests', async () => {
    const compliance = await t.signIn('compliance@meridian.test');
    const res = await stress(compliance, { name: 'USD +25 %', usdMovePercent: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.scenario).toBe('USD +25 %');
    expect((await stress(investor, { name: 'x' })).statusCode).toBe(403);
  });

  it('refuses absurd shocks with 400', async () => {
    const compliance = await t.signIn('compliance@meridian.test');
    for (const payload of [
      { name: 'NaN', rateShiftBp: 'NaN' },
      { name: 'minus 100 %', equityMovePercent: -100 },
      { name: 'rates', rateShiftBp: -10_000 },
      { name: 'short', rateShiftBp: [1, 2, 3] },
      { name: '' },
    ]) {
      const res = await stress(compliance, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBeDefined();
    }
  });
});

describe('limits, alerts and the daily job', () => {
  it('an admin lowers the VaR limit: breach raises one persisted alert', async () => {
    const admin = await t.signIn('admin@meridian.test');
    const put = (cookie: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/risk/limits', headers: { cookie, origin: TEST_ORIGIN }, payload });
    expect((await put(investor, { kind: 'var_95', limit: 1 })).statusCode).toBe(403);
    expect((await put(admin, { kind: 'var_95', limit: -5 })).statusCode).toBe(400);
    expect((await put(admin, { kind: 'var_95', limit: 1 })).statusCode).toBe(200);
    // The demo user works at the admin's firm and holds EUR and GBP cash (VaR > 0).
    const body = (await metrics(await t.signIn('demo@meridian.test'))).json();
    const varLimit = body.limits.find((l: { kind: string }) => l.kind === 'var_95');
    expect(varLimit.limit).toBe(1);
    expect(varLimit.status).toBe('breach');
    expect(
      body.alerts.filter((a: { kind: string; resolvedAt: null }) => a.kind === 'var_95' && !a.resolvedAt),
    ).toHaveLength(1);
  });

  it('the daily job stores one snapshot per portfolio, once per day', async () => {
    const date = '2099-01-02';
    const enqueue = () =>
      t.db.transaction((tx) =>
        t.app.jobs.enqueue(tx, { kind: SNAPSHOT_JOB, payload: { date }, dedupeKey: `${SNAPSHOT_JOB}:${date}` }),
      );
    await enqueue();
    await enqueue();
    await t.app.jobs.drain();
    const body = (await metrics(investor)).json();
    const daily = body.history.filter((h: { source: string }) => h.source === 'daily');
    expect(daily.map((h: { date: string }) => h.date)).toEqual([date]);
    expect(daily[0].value).toBe(body.portfolioValue);
  });
});
