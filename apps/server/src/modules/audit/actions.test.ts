import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { generateAndWait, reportsClient } from '../compliance/test-support';
import { custodyMove, issueBond, orderClient } from '../trading/test-support';
import { verifyAuditChain } from './verify';

/** The audited actions outside access management: one row each, with who, why and from where. */
describe('audit rows of platform actions', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['issuer', 'investor', 'custodian', 'compliance'])
      cookies[who] = await t.signIn(`${who}@meridian.test`);
  });
  afterAll(() => t.close());

  const rowsOf = (action: string, subjectId?: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), subjectId ? eq(auditEvents.subjectId, subjectId) : undefined))
      .orderBy(asc(auditEvents.seq));
  const total = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
  const fromRequest = { requestId: expect.any(String), clientAddress: expect.any(String) };

  it('records sign-in and sign-out', async () => {
    const signIns = await rowsOf('auth.sign_in');
    expect(signIns.map((r) => r.actorEmail)).toEqual(
      expect.arrayContaining(['issuer@meridian.test', 'custodian@meridian.test']),
    );
    expect(signIns[0]).toMatchObject({ authorisedBy: 'credentials', subjectType: 'user', ...fromRequest });
    const cookie = await t.signIn('investor2@meridian.test');
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(303);
    const [out] = (await rowsOf('auth.sign_out')).filter((r) => r.actorEmail === 'investor2@meridian.test');
    expect(out).toMatchObject({ authorisedBy: 'session', ...fromRequest });
  });

  it('records issuance, order placement and cancellation, and nothing for a refused order', async () => {
    const bond = await issueBond(t, cookies.issuer!, 'Audit Test 3% 2029');
    const [issue] = await rowsOf('instruments.instrument.issue', bond);
    expect(issue).toMatchObject({
      actorEmail: 'issuer@meridian.test',
      authorisedBy: expect.stringMatching(/^create_instruments \(/),
      after: expect.objectContaining({ notionalAmount: '1000000.00', units: '10000' }),
      ...fromRequest,
    });

    const api = orderClient(t);
    const placed = await api.place(cookies.issuer!, {
      instrumentId: bond,
      orderType: 'sell',
      type: 'limit',
      quantity: 5,
      price: '101.00',
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as string;
    const [place] = await rowsOf('trading.order.place', orderId);
    expect(place).toMatchObject({
      actorEmail: 'issuer@meridian.test',
      authorisedBy: expect.stringMatching(/^place_orders \(/),
      after: expect.objectContaining({ side: 'sell', quantity: '5', price: '101.00', status: 'open' }),
      ...fromRequest,
    });
    expect((await api.cancel(cookies.issuer!, orderId)).statusCode).toBe(200);
    expect(await rowsOf('trading.order.cancel', orderId)).toHaveLength(1);

    const before = await total();
    const refused = await api.place(cookies.investor!, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'market',
      quantity: 5,
    });
    expect(refused.statusCode).toBe(422);
    expect(await total()).toBe(before);
  });

  it('builds an order row from the order as its batch wrote it, and a forged one is found (decision 0083)', async () => {
    const bond = await issueBond(t, cookies.issuer!, 'Audit Test 4% 2031');
    const api = orderClient(t);
    const sell = await api.place(cookies.issuer!, {
      instrumentId: bond,
      orderType: 'sell',
      type: 'limit',
      quantity: 10,
      price: '99.50',
    });
    expect(sell.statusCode).toBe(201);
    const buy = await api.place(cookies.investor!, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'market',
      quantity: 4,
    });
    expect(buy.statusCode).toBe(201);
    const [taker] = await rowsOf('trading.order.place', buy.json().id);
    expect(taker).toMatchObject({
      chain: `orders:${bond}`,
      actorEmail: 'investor@meridian.test',
      subjectType: 'order',
      before: null,
      after: {
        instrumentId: bond,
        side: 'buy',
        type: 'market',
        quantity: '4',
        price: null,
        filledQuantity: '4',
        status: 'filled',
      },
      ...fromRequest,
    });
    expect((await api.cancel(cookies.issuer!, sell.json().id)).statusCode).toBe(200);
    const [cancel] = await rowsOf('trading.order.cancel', sell.json().id);
    expect(cancel!.after).toMatchObject({ price: '99.50', quantity: '10', filledQuantity: '4', status: 'cancelled' });
    expect(cancel!.prevHash).toBe(taker!.hash);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });

    // Only someone bypassing the trigger can do this; verify must notice, and the chain heals once put back.
    const forge = (after: unknown) =>
      t.db.execute(sql`update audit_events set after = ${JSON.stringify(after)}::jsonb where seq = ${taker!.seq}`);
    await t.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    try {
      await forge({ ...(taker!.after as object), quantity: '40' });
      expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, chain: `orders:${bond}`, brokenAt: taker!.seq });
      await forge(taker!.after);
    } finally {
      await t.db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    }
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('GET /api/audit finds order rows by action, actor and subject, newest first (decision 0095)', async () => {
    const bond = await issueBond(t, cookies.issuer!, 'Audit Test 5% 2033');
    const api = orderClient(t);
    const ids: string[] = [];
    for (const price of ['101.00', '102.00', '103.00']) {
      const placed = await api.place(cookies.issuer!, {
        instrumentId: bond,
        orderType: 'sell',
        type: 'limit',
        quantity: 2,
        price,
      });
      expect(placed.statusCode).toBe(201);
      ids.push(placed.json().id);
    }
    expect((await api.cancel(cookies.issuer!, ids[1]!)).statusCode).toBe(200);
    const issuerId = (await rowsOf('trading.order.place', ids[0]))[0]!.actorId!;

    const page = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/audit?${query}`,
        headers: { cookie: cookies.compliance! },
      });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { seq: number }[]).map((e) => e.seq);
    };
    // What each filter must answer, read from the table without any index in mind.
    const expected = async (where: ReturnType<typeof sql>, limit: number) =>
      (
        await t.db
          .select({ seq: auditEvents.seq })
          .from(auditEvents)
          .where(where)
          .orderBy(sql`${auditEvents.seq} desc`)
          .limit(limit)
      ).map((r) => r.seq);
    const cases: [string, ReturnType<typeof sql>][] = [
      ['action=trading.order.place', sql`${auditEvents.action} = 'trading.order.place'`],
      ['action=trading.order.cancel', sql`${auditEvents.action} = 'trading.order.cancel'`],
      ['action=trading.order.', sql`${auditEvents.action} like 'trading.order.%'`],
      ['action=auth.sign_in', sql`${auditEvents.action} = 'auth.sign_in'`],
      [
        `actorId=${issuerId}&action=trading.order.place`,
        sql`${auditEvents.actorId} = ${issuerId} and ${auditEvents.action} = 'trading.order.place'`,
      ],
      [`subjectType=order&subjectId=${ids[1]}`, sql`${auditEvents.subjectId} = ${ids[1]}`],
    ];
    for (const [query, where] of cases) {
      const want = await expected(where, 3);
      expect(want.length, query).toBeGreaterThan(0);
      expect(await page(`${query}&limit=3`), query).toEqual(want);
    }
    expect(await page(`subjectType=order&subjectId=${ids[1]}&action=trading.order.cancel`)).toHaveLength(1);
    expect(await page(`subjectType=order&subjectId=${ids[2]}&action=trading.order.place`)).toHaveLength(1);
  });

  it('records custody moves and report generation and download', async () => {
    const deposit = await custodyMove(t, cookies.custodian!, 'deposits', {
      email: 'investor@meridian.test',
      currency: 'USD',
      amount: '250.00',
    });
    expect(deposit.statusCode).toBe(201);
    const [move] = await rowsOf('custody.cash.deposit', deposit.json().entryId);
    expect(move).toMatchObject({
      actorEmail: 'custodian@meridian.test',
      after: expect.objectContaining({ amount: '250.00' }),
    });

    const report = await generateAndWait(t, cookies.compliance!, { reportType: 'MIFID2', fileFormat: 'CSV' });
    expect(await rowsOf('compliance.report.generate', report.id)).toHaveLength(1);
    expect((await reportsClient(t).download(cookies.compliance!, report.id)).statusCode).toBe(200);
    const [download] = await rowsOf('compliance.report.download', report.id);
    expect(download).toMatchObject({ actorEmail: 'compliance@meridian.test', ...fromRequest });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});
