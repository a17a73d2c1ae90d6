import type { RiskMetrics } from '@meridian/schemas';
import { RATING_SCALE, riskWeight } from '@meridian/risk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { instruments } from '../../db/schema';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../../test/harness';
import { loadFxTable } from '../fx/service';
import { instrumentRiskInputs } from '../instruments/service';
import { issueBond, orderClient } from '../trading/test-support';
import { scheduleMissedDays, SNAPSHOT_JOB } from './plugin';

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
    // Performance against the platform's own index (now holding the bond), over the stored days.
    expect(body.performance.benchmark.name).toBe('Meridian Market Index');
    expect(body.performance.days).toBeGreaterThan(200);
    expect(body.performance.beta).not.toBeNull();
    expect(body.performance.sharpeRatio).not.toBeNull();
    expect(body.performance.maxDrawdownPercent).toBeGreaterThanOrEqual(0);
    expect(body.performance.riskFreePercent).toBeGreaterThan(0);
  });

  it('reads a defaulted instrument (missed payment): rated D, valued at its price, not its promised flows', async () => {
    const bond = await issueBond(t, issuer, 'Risk Test Default 5% 2029');
    const api = orderClient(t);
    expect(
      (await api.place(issuer, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 50, price: '99.00' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await api.place(investor, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 50 })).statusCode,
    ).toBe(201);
    const before = (await metrics(investor)).json();
    // What servicing records when the issuer cannot pay (servicing/service.ts): no journal entry.
    await t.db.execute(sql`update instruments set status = 'defaulted' where id = ${bond}`);
    const after = (await metrics(investor)).json();
    // The bond's promised flows no longer carry rate risk; its rating drags the portfolio's down.
    expect(Number(after.dv01)).toBeLessThan(Number(before.dv01));
    const notch = (r: string | null) => (r === null ? -1 : RATING_SCALE.indexOf(r as (typeof RATING_SCALE)[number]));
    expect(notch(after.creditRating.rating)).toBeGreaterThan(notch(before.creditRating.rating));
    // Carried at the last trade: 50 x 99.00.
    const [input] = await instrumentRiskInputs(t.db, eq(instruments.id, bond));
    expect(input).toMatchObject({ rating: 'D', defaulted: true, modelPriced: false, flows: [], price: 9_900n });
    expect(riskWeight('corporate', input!.rating)).toBe(1.5);
  });

  it('reports in a chosen currency, converted exactly from the USD cents', async () => {
    const usd = (await metrics(investor)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/risk/metrics?scope=own&currency=JPY',
      headers: { cookie: investor },
    });
    expect(res.statusCode).toBe(200);
    const jpy = res.json();
    expect(jpy.reportingCurrency).toBe('JPY');
    const fx = await loadFxTable(t.db);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    expect(cents(jpy.portfolioValue)).toBe(fx.convert(cents(usd.portfolioValue), 'USD', 'JPY'));
    expect(cents(jpy.var.var95)).toBe(fx.convert(cents(usd.var.var95), 'USD', 'JPY'));
    expect(jpy.history.at(-1).value).not.toBe(usd.history.at(-1).value);
    // Stress results and the VaR limit follow the reporting currency too (the limit is set in USD).
    for (const [i, scenario] of usd.stress.entries())
      expect(cents(jpy.stress[i].portfolioImpact)).toBe(fx.convert(cents(scenario.portfolioImpact), 'USD', 'JPY'));
    const varLimit = (m: Pick<RiskMetrics, 'limits'>) => m.limits.find((l) => l.kind === 'var_95')!;
    expect(varLimit(usd)).toMatchObject({ limit: 200_000, currency: 'USD' });
    expect(varLimit(jpy).currency).toBe('JPY');
    expect(BigInt(Math.round(varLimit(jpy).limit * 100))).toBe(fx.convert(200_000_00n, 'USD', 'JPY'));
    expect(BigInt(Math.round(varLimit(jpy).current! * 100))).toBe(fx.convert(cents(usd.var.var95), 'USD', 'JPY'));
    expect(varLimit(jpy).utilisation).toBe(varLimit(usd).utilisation);
    expect(jpy.limits.find((l: { kind: string }) => l.kind === 'leverage').currency).toBeNull();
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/risk/metrics?currency=XAU',
      headers: { cookie: investor },
    });
    expect(bad.statusCode).toBe(400);
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
    expect(res.json().reportingCurrency).toBe('USD');
    // The same scenario reported in EUR: the USD impact converted exactly at the ECB rate.
    const eur = await stress(compliance, { name: 'USD +25 %', usdMovePercent: 25, currency: 'EUR' });
    expect(eur.statusCode).toBe(200);
    expect(eur.json().reportingCurrency).toBe('EUR');
    const fx = await loadFxTable(t.db);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    expect(cents(eur.json().result.portfolioImpact)).toBe(
      fx.convert(cents(res.json().result.portfolioImpact), 'USD', 'EUR'),
    );
    expect(eur.json().result.impactPercent).toBe(res.json().result.impactPercent);
    expect((await stress(compliance, { name: 'x', currency: 'XAU' })).statusCode).toBe(400);
    expect((await stress(investor, { name: 'x' })).statusCode).toBe(403);
  });

  it('measures a custom scenario against capital as the predefined scenarios are (issue 14)', async () => {
    const compliance = await t.signIn('compliance@meridian.test');
    // The organisation holds EUR and GBP cash: a stronger dollar loses value.
    const predefined = (
      await t.app.inject({
        method: 'GET',
        url: '/api/risk/metrics?scope=organisation',
        headers: { cookie: compliance },
      })
    ).json() as RiskMetrics;
    const row = predefined.stress.find((s) => s.scenario === 'USD +10 %')!;
    expect(row.capitalImpact).toBeGreaterThan(0);
    const res = await stress(compliance, { scope: 'organisation', name: 'USD +10 %', usdMovePercent: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual(row);
    // Capital Impact is the loss as a share of Tier 1 (USD figures of the capital panel).
    const loss = -Number(res.json().result.portfolioImpact);
    expect(res.json().result.capitalImpact).toBeCloseTo((loss / Number(predefined.capital!.tier1)) * 100, 1);
    // The whole market has no capital base: no Capital Impact, as in its predefined table.
    const market = await stress(compliance, { scope: 'market', name: 'USD +10 %', usdMovePercent: 10 });
    expect(market.statusCode).toBe(200);
    expect(market.json().result.capitalImpact).toBeNull();
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

  it('catches up the days missed while down, once each, with the holdings of each day', async () => {
    // A server that last stored a day in early January and starts again on the 5th.
    await t.db.execute(
      sql`insert into risk_snapshots (scope_key, snapshot_date, value, var_95, var_99, pnl, source)
          values ('market', '2026-01-01', '0.00', '0.00', '0.00', '0.00', 'daily')`,
    );
    expect(await scheduleMissedDays(t.app, '2026-01-05')).toEqual([
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
    ]);
    await t.app.jobs.drain();
    // Again (a second start, or two servers): the same days, no second run.
    await scheduleMissedDays(t.app, '2026-01-05');
    await t.app.jobs.drain();
    const rows = await selectRows<{ scope_key: string; snapshot_date: string; value: string }>(
      t.db,
      sql`select scope_key, snapshot_date::text, value::text from risk_snapshots
          where source = 'daily' and snapshot_date between '2026-01-02' and '2026-01-05' order by snapshot_date`,
    );
    const market = rows.filter((r) => r.scope_key === 'market');
    expect(market.map((r) => r.snapshot_date)).toEqual(['2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']);
    // Every journal entry of this database was written today: on those January days nothing was held.
    expect(market.every((r) => Number(r.value) === 0)).toBe(true);
    expect(rows.some((r) => r.scope_key.startsWith('user:'))).toBe(false);
    const [jobs] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where kind = ${SNAPSHOT_JOB} and dedupe_key like ${`${SNAPSHOT_JOB}:2026-01-0%`}`,
    );
    // One job per day; catch-up runs do not chain (only a run for the real today schedules tomorrow).
    expect(jobs!.n).toBe(4);
  });
});

describe('PUT /api/risk/capital', () => {
  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/risk/capital', headers: { cookie, origin: TEST_ORIGIN }, payload });

  it('an admin sets the capital base of their organisation; the Basel figures follow', async () => {
    const admin = await t.signIn('admin@meridian.test');
    expect((await put(investor, { cet1: '1000.00', additionalTier1: '0', tier2: '0' })).statusCode).toBe(403);
    for (const bad of [
      { cet1: '0', additionalTier1: '0', tier2: '0' },
      { cet1: '-5', additionalTier1: '0', tier2: '0' },
      { cet1: '1e9', additionalTier1: '0', tier2: '0' },
      { cet1: '100.00', additionalTier1: '0' },
    ]) {
      const res = await put(admin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBeDefined();
    }
    const res = await put(admin, { cet1: '9000000.00', additionalTier1: '1000000', tier2: '2000000.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organisation: 'Meridian Markets Ltd',
      cet1: '9000000.00',
      additionalTier1: '1000000.00',
      tier2: '2000000.50',
    });
    const body = (await metrics(await t.signIn('demo@meridian.test'))).json();
    expect(body.capital.base).toEqual({ cet1: '9000000.00', additionalTier1: '1000000.00', tier2: '2000000.50' });
    expect(body.capital.tier1).toBe('10000000.00');
    const [audit] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_events where action = 'risk.capital.changed'`,
    );
    expect(audit!.n).toBe(1);
  });
});
