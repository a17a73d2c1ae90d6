import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, instruments, organisations, surveillanceCases, users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { issueBond, orderClient } from '../trading/test-support';
import { DEFAULTED_FIGURE, persistDetections } from './cases';

let t: TestApp;
let regulator: string;
let investor: string;
let compliance: string;
let bond: string;

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload });

beforeAll(async () => {
  t = await createTestApp();
  const orders = orderClient(t);
  // investor2 joins the investor's firm: trades between them have one beneficial owner.
  const [keystone] = await t.db.select().from(organisations).where(eq(organisations.name, 'Keystone Asset Management'));
  await t.db.update(users).set({ organisationId: keystone!.id }).where(eq(users.email, 'investor2@meridian.test'));
  const [issuer, inv, inv2] = await Promise.all(
    ['issuer', 'investor', 'investor2'].map((u) => t.signIn(`${u}@meridian.test`)),
  );
  investor = inv!;
  bond = await issueBond(t, issuer!, 'Surveillance Test 4% 2029');
  const limit = (orderType: string, quantity: number, price: string) => ({
    instrumentId: bond,
    orderType,
    type: 'limit',
    quantity,
    price,
  });
  expect((await orders.place(issuer!, limit('sell', 6, '100.00'))).statusCode).toBe(201);
  expect((await orders.place(inv!, limit('buy', 6, '100.00'))).statusCode).toBe(201);
  // The wash trade: investor sells to investor2, both Keystone.
  expect((await orders.place(inv!, limit('sell', 3, '100.50'))).statusCode).toBe(201);
  expect((await orders.place(inv2!, limit('buy', 3, '100.50'))).statusCode).toBe(201);
  await t.app.surveillance.runNow();
  [regulator, compliance] = await Promise.all([
    t.signIn('regulator@meridian.test'),
    t.signIn('compliance@meridian.test'),
  ]);
  // A fresh app, an issuance and four orders: more than the default budget on a loaded machine.
}, 180_000);
afterAll(() => t.close());

describe('surveillance over real trades', () => {
  it('raises one wash-trade case with the trades as evidence, audited, and never twice', async () => {
    const cases = await t.db.select().from(surveillanceCases).where(eq(surveillanceCases.rule, 'wash_trade'));
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ severity: 'High', status: 'investigating', instrumentId: bond });
    expect(cases[0]!.evidence.tradeIds).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, cases[0]!.id))
      .orderBy(desc(auditEvents.seq));
    expect(audit).toMatchObject({ action: 'surveillance.case.open', authorisedBy: 'job:surveillance' });
    // A second pass judges nothing new.
    expect(await t.app.surveillance.runNow()).toBe(0);
    expect(await t.db.select().from(surveillanceCases).where(eq(surveillanceCases.rule, 'wash_trade'))).toHaveLength(1);
  });

  it('moves a case investigating → under_review → resolved with notes; the transitions are audited', async () => {
    const list = (await get(compliance, '/api/surveillance/cases?status=open')).json();
    const id = list.cases.find((c: { rule: string }) => c.rule === 'wash_trade').id;
    const detail = (await get(compliance, `/api/surveillance/cases/${id}`)).json();
    expect(detail.trades).toHaveLength(1);
    expect(detail.orders.length).toBeGreaterThanOrEqual(2);
    expect(detail.allowedTransitions).toEqual(['under_review', 'resolved']);

    const bad = await post(compliance, `/api/surveillance/cases/${id}/transition`, {
      status: 'under_review',
      note: ' ',
    });
    expect(bad.statusCode).toBe(400);
    const review = await post(compliance, `/api/surveillance/cases/${id}/transition`, {
      status: 'under_review',
      note: 'Both accounts belong to Keystone; asked the firm for an explanation.',
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({ status: 'under_review', assignedTo: expect.any(String) });
    const resolved = await post(regulator, `/api/surveillance/cases/${id}/transition`, {
      status: 'resolved',
      note: 'Portfolio rebalancing between two funds; warning issued.',
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect(resolved.json().notes.map((n: { toStatus: string }) => n.toStatus)).toEqual(['under_review', 'resolved']);
    const again = await post(regulator, `/api/surveillance/cases/${id}/transition`, {
      status: 'under_review',
      note: 'x',
    });
    expect(again.statusCode).toBe(409);
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, id))
      .orderBy(asc(auditEvents.seq));
    expect(trail.map((a) => a.action)).toEqual([
      'surveillance.case.open',
      'surveillance.case.transition',
      'surveillance.case.transition',
    ]);
  });

  it('keeps cases and supervision data behind their permissions', async () => {
    expect((await get(investor, '/api/surveillance/cases')).statusCode).toBe(403);
    expect((await get(investor, '/api/regulator/market-overview')).statusCode).toBe(403);
    expect((await get(investor, '/api/regulator/institutions')).statusCode).toBe(403);
    const [c] = await t.db.select().from(surveillanceCases);
    expect(
      (await post(investor, `/api/surveillance/cases/${c!.id}/transition`, { status: 'resolved', note: 'mine' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('regulator figures', () => {
  it('market overview counts the real trades and institutions', async () => {
    const res = await get(regulator, '/api/regulator/market-overview');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 6 × 100.00 + 3 × 100.50 = 901.50 USD
    expect(body.marketVolume).toMatchObject({ trades24h: 2, volume24h: '901.50' });
    const orgs = await t.db.select().from(organisations);
    expect(body.registeredInstitutions.total).toBe(orgs.length);
    expect(body.registeredInstitutions.active24h).toBe(2);
    const row = body.instruments.find((i: { instrumentId: string }) => i.instrumentId === bond);
    expect(row).toMatchObject({ trades24h: 2, lastPrice: '100.50', volume24h: '901.50' });
    // Nothing rests on the book: no spread.
    expect(row.spreadBps).toBeNull();
    expect(body.recentCases.length).toBeGreaterThanOrEqual(1);
    expect(body.complianceRate.total).toBe(orgs.length);
  });

  it('institutions show each firm’s 30-day activity and share', async () => {
    const body = (await get(regulator, '/api/regulator/institutions')).json();
    const keystone = body.institutions.find((i: { name: string }) => i.name === 'Keystone Asset Management');
    const atlas = body.institutions.find((i: { name: string }) => i.name === 'Atlas Industrial Holdings plc');
    // Keystone is on 3 sides (buy 6 @ 100, sell 3 and buy 3 @ 100.50); Atlas on 1 (sell 6). Sides total 2 × 901.50.
    expect(keystone).toMatchObject({ trades30d: 3, volume30d: '1203.00' });
    expect(keystone.compliant).toBe(keystone.highSeverityOpen === 0 && keystone.failedReports30d === 0);
    expect(atlas).toMatchObject({ trades30d: 1, volume30d: '600.00' });
    expect(keystone.marketSharePct + atlas.marketSharePct).toBeCloseTo(100, 1);
  });

  it('reads a defaulted instrument: its cases carry the credit event and are raised as High', async () => {
    const [issuer] = await t.db.select().from(users).where(eq(users.email, 'issuer@meridian.test'));
    const defaulted = await issueBond(t, await t.signIn('issuer@meridian.test'), 'Surveillance Default 6% 2030');
    await t.db.update(instruments).set({ status: 'defaulted' }).where(eq(instruments.id, defaulted));
    const detection = (instrumentId: string, key: string) => ({
      rule: 'concentration' as const,
      dedupeKey: key,
      severity: 'Low' as const,
      participant: `user:${issuer!.id}`,
      subjectUserId: issuer!.id,
      instrumentId,
      summary: 'test detection',
      figures: { share: '90%' },
      orderIds: [],
      tradeIds: [],
      timeline: [],
    });
    const now = new Date();
    await t.db.transaction((tx) =>
      persistDetections(tx, [detection(defaulted, 'test:default:1'), detection(bond, 'test:default:2')], now),
    );
    const cases = await t.db.select().from(surveillanceCases).where(eq(surveillanceCases.instrumentId, defaulted));
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ severity: 'High' });
    expect(cases[0]!.evidence.figures).toEqual({ share: '90%', instrumentStatus: DEFAULTED_FIGURE });
    const [active] = await t.db
      .select()
      .from(surveillanceCases)
      .where(eq(surveillanceCases.dedupeKey, 'test:default:2'));
    expect(active).toMatchObject({ severity: 'Low' });
    expect(active!.evidence.figures).toEqual({ share: '90%' });
  });
});
