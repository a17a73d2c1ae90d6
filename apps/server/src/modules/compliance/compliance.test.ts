import { isValidLei, isValidUti } from '@meridian/schemas';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, complianceReports, instruments, organisations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { claimNextJob } from '../jobs/store';
import { issueBond, orderClient } from '../trading/test-support';
import { REPORT_JOB } from './generator';
import { generateAndWait, reportsClient, sha256, today } from './test-support';

let t: TestApp;
let api: ReturnType<typeof reportsClient>;
let regulator: string;
let compliance: string;
let investor: string;
let bond: string;

beforeAll(async () => {
  t = await createTestApp();
  api = reportsClient(t);
  const orders = orderClient(t);
  const [issuer, inv, inv2] = await Promise.all(
    ['issuer', 'investor', 'investor2'].map((u) => t.signIn(`${u}@meridian.test`)),
  );
  investor = inv!;
  bond = await issueBond(t, issuer!, 'Compliance Test 4% 2028');
  const limit = (orderType: string, quantity: number, price: string) => ({
    instrumentId: bond,
    orderType,
    type: 'limit',
    quantity,
    price,
  });
  expect((await orders.place(issuer!, limit('sell', 10, '101.00'))).statusCode).toBe(201);
  expect(
    (await orders.place(inv!, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 4 })).statusCode,
  ).toBe(201);
  expect((await orders.place(inv2!, limit('buy', 3, '101.00'))).statusCode).toBe(201);
  // The compliance officer works for the issuer here, so its organisation-scoped reports hold the issuer's sells.
  const [atlas] = await t.db
    .select()
    .from(organisations)
    .where(eq(organisations.name, 'Atlas Industrial Holdings plc'));
  await t.db.update(users).set({ organisationId: atlas!.id }).where(eq(users.email, 'compliance@meridian.test'));
  [regulator, compliance] = await Promise.all([
    t.signIn('regulator@meridian.test'),
    t.signIn('compliance@meridian.test'),
  ]);
});
afterAll(() => t.close());

const csvLines = (body: string) =>
  body.trimEnd().split('\r\n').length > 1 ? body.trimEnd().split('\r\n') : body.trimEnd().split('\n');

describe('report jobs', () => {
  it('a regulator gets every trade side market-wide; counts equal the records in the files', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'MIFID2', fileFormat: 'CSV' });
    expect(report).toMatchObject({ status: 'completed', failureReason: null, organisationName: null });
    const main = await api.download(regulator, report.id);
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toMatch(/^text\/csv/);
    expect(main.headers['content-disposition']).toBe(`attachment; filename="MIFID2_${today()}_${today()}.csv"`);
    const lines = csvLines(main.body);
    expect(lines[0]).toMatch(/^txId,tradeId,uti,executingEntityLei/);
    expect(lines).toHaveLength(1 + 4); // two trades, both sides
    const summary = await api.download(regulator, report.id, 'best_execution');
    expect(csvLines(summary.body)).toHaveLength(1 + 1); // PAM in USD
    expect(summary.body).toContain('PAM,USD,XOFF,4,14,1414.00,50.00,50.00');
    expect(report.recordCount).toBe(5);
    expect(report.fileSize).toBe(main.rawPayload.length + summary.rawPayload.length);
    expect(report.files.map((f: { sha256: string }) => f.sha256)).toEqual([
      sha256(main.rawPayload),
      sha256(summary.rawPayload),
    ]);
    const row = lines[1]!.split(',');
    expect(isValidUti(row[2]!)).toBe(true);
    expect(isValidLei(row[3]!)).toBe(true);
    // Generation, completion and each download are on the audit trail, with the files' SHA-256.
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, report.id))
      .orderBy(asc(auditEvents.seq));
    expect(trail.map((a) => a.action)).toEqual([
      'compliance.report.generate',
      'compliance.report.complete',
      'compliance.report.download',
      'compliance.report.download',
    ]);
    expect(trail[0]).toMatchObject({
      actorEmail: 'regulator@meridian.test',
      authorisedBy: expect.stringMatching(/^generate_reports/),
    });
    expect(trail[3]!.after).toMatchObject({ part: 'best_execution', sha256: sha256(summary.rawPayload) });
  });

  it("scopes a compliance officer to their organisation's data and reports", async () => {
    const report = await generateAndWait(t, compliance, { reportType: 'MIFID2', fileFormat: 'JSON' });
    expect(report.status).toBe('completed');
    const body = (await api.download(compliance, report.id)).json();
    expect(body.recordSets.transactions).toHaveLength(2);
    expect(body.recordSets.transactions.every((r: { side: string }) => r.side === 'SELL')).toBe(true);
    expect(body.recordSets.best_execution[0]).toMatchObject({ executions: 2, passiveShare: '100.00' });
    expect(report.recordCount).toBe(3);

    const mine = (await api.list(compliance)).json();
    const theirs = (await api.list(regulator)).json();
    expect(mine.reports.map((r: { id: string }) => r.id)).toEqual([report.id]);
    expect(theirs.reports.length).toBeGreaterThan(mine.reports.length);
    expect(theirs.summary.total).toBe(theirs.reports.length);
    const foreign = theirs.reports.find((r: { id: string }) => r.id !== report.id).id;
    expect((await api.download(compliance, foreign)).statusCode).toBe(404);
  });

  it('writes MiFIR transaction reports as ISO 20022 auth.016.001.01', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'MIFID2', fileFormat: 'XML' });
    const xml = (await api.download(regulator, report.id)).body;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:auth.016.001.01"><FinInstrmRptgTxRpt><Tx><New><TxId>/,
    );
    expect(xml.match(/<Tx><New>/g)).toHaveLength(4);
    expect(xml).toMatch(
      /<Tx><TradDt>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/TradDt><TradgCpcty>DEAL<\/TradgCpcty><Qty><Unit>4<\/Unit><\/Qty><Pric><Pric><MntryVal><Amt Ccy="USD">101.00<\/Amt><\/MntryVal><\/Pric><\/Pric><TradVn>XOFF<\/TradVn><\/Tx><FinInstrm><Id>QZMRD/,
    );
    expect(report.files.map((f: { part: string }) => f.part)).toEqual(['main', 'best_execution']);
  });

  it('refuses bad input with clear 4xx and writes nothing', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(complianceReports))[0]!.n;
    const base = { reportType: 'MIFID2', reportPeriod: 'monthly', fileFormat: 'CSV' };
    const bad = [
      { ...base, periodStart: '2026-02-01', periodEnd: '2026-01-31' },
      { ...base, periodStart: '2020-01-01', periodEnd: '2025-01-01' },
      { ...base, reportType: 'FATCA', periodStart: '2026-01-01', periodEnd: '2026-01-31' },
      { ...base, fileFormat: 'PDF', periodStart: '2026-01-01', periodEnd: '2026-01-31' },
      { ...base, periodStart: '2026-01-01' },
    ];
    for (const payload of bad) {
      const res = await api.generate(regulator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await api.generate(investor, { ...base, periodStart: '2026-01-01', periodEnd: '2026-01-31' })).statusCode,
    ).toBe(403);
    expect((await api.list(investor)).statusCode).toBe(403);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(complianceReports))[0]!.n).toBe(before);
  });

  it('fails the job with the reason when an instrument has no identifier; no download', async () => {
    await t.db.update(instruments).set({ isin: null }).where(eq(instruments.id, bond));
    try {
      const report = await generateAndWait(t, regulator, { reportType: 'MIFID2', fileFormat: 'XML' });
      expect(report.status).toBe('failed');
      expect(report.failureReason).toBe(
        'Instrument without identifier: Compliance Test 4% 2028 has no ISIN, so the report cannot identify it.',
      );
      expect(report.recordCount).toBeNull();
      const res = await api.download(regulator, report.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Report is not ready for download (status: failed).');
    } finally {
      await t.db.execute(
        sql`update instruments set isin = platform_isin(nextval('instrument_isin_seq')) where id = ${bond}`,
      );
    }
  });

  it('survives a restart: a queued job runs when the worker starts, a dead worker’s job is reclaimed', async () => {
    await t.app.jobs.stop();
    const queued = await api.generate(regulator, {
      reportType: 'MIFID2',
      reportPeriod: 'daily',
      periodStart: today(),
      periodEnd: today(),
      fileFormat: 'JSON',
    });
    const crashed = await api.generate(regulator, {
      reportType: 'MIFID2',
      reportPeriod: 'daily',
      periodStart: today(),
      periodEnd: today(),
      fileFormat: 'CSV',
    });
    expect((await api.get(regulator, queued.json().id)).json().status).toBe('pending');
    // A previous server claimed one and died: its lease ran out a minute ago.
    const dead = await claimNextJob(t.db, [REPORT_JOB], 'dead-server', new Date(), -60_000);
    expect(dead).toBeDefined();
    expect((await api.download(regulator, queued.json().id)).statusCode).toBe(409);
    t.app.jobs.start();
    for (const id of [queued.json().id, crashed.json().id]) {
      const report = await waitFor(`report ${id} to finish`, async () => (await api.get(regulator, id)).json(), {
        until: (r) => ['completed', 'failed'].includes(r.status),
        timeoutMs: 10_000,
        everyMs: 25,
      });
      expect(report.status).toBe('completed');
      expect(report.recordCount).toBe(5);
    }
  });
});
