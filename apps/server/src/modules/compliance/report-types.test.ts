import { isValidLei, isValidUti } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments, organisations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { capitalAt, riskMetrics } from '../risk';
import { issueBond, orderClient } from '../trading/test-support';
import { generateAndWait, reportsClient, schemaErrors, STRUCTURAL_SCHEMAS, wellFormed } from './test-support';

// EMIR, CRD_CRR, MICA and AML_CTF from real platform data: one trade (6 of the issuer's 10
// units at 101.00), the risk engine's capital figures, and the seed's cash deposits.

let t: TestApp;
let regulator: string;
let bond: string;
const work = mkdtempSync(join(tmpdir(), 'meridian-report-types-'));

beforeAll(async () => {
  t = await createTestApp();
  const orders = orderClient(t);
  const [issuer, investor] = await Promise.all(['issuer', 'investor'].map((u) => t.signIn(`${u}@meridian.test`)));
  bond = await issueBond(t, issuer!, 'Report Types 4% 2030');
  expect(
    (
      await orders.place(issuer!, {
        instrumentId: bond,
        orderType: 'sell',
        type: 'limit',
        quantity: 10,
        price: '101.00',
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await orders.place(investor!, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 6 })).statusCode,
  ).toBe(201);
  regulator = await t.signIn('regulator@meridian.test');
}, 180_000);
afterAll(() => t.close());

const download = async (id: string, part?: string) => (await reportsClient(t).download(regulator, id, part)).body;
const csvRows = (body: string) => body.trimEnd().split(/\r?\n/);

describe('EMIR (auth.030.001.03)', () => {
  it('fails clearly when the period holds no derivative trade', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'EMIR', fileFormat: 'XML' });
    expect(report).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/no derivative trades/) });
  });

  it('reports both sides of a derivative trade with UTI, LEIs, notional and XOFF', async () => {
    // The fixture bond stands in for an option: the engine trades every contract type alike.
    await t.db.update(instruments).set({ contractType: 'OPTNS' }).where(eq(instruments.id, bond));
    try {
      const report = await generateAndWait(t, regulator, { reportType: 'EMIR', fileFormat: 'XML' });
      expect(report.status, report.failureReason).toBe('completed');
      expect(report.recordCount).toBe(2);
      const body = await download(report.id);
      expect(body).toContain(
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:auth.030.001.03"><DerivsTradRpt><RptHdr><NbRcrds>2</NbRcrds></RptHdr><TradData>',
      );
      expect((body.match(/<Rpt><New>/g) ?? []).length).toBe(2);
      expect(body).toContain('<CtrctTp>OPTN</CtrctTp><AsstClss>EQUI</AsstClss>');
      expect(body).toContain('<NtnlAmt><FrstLeg><Amt><Amt Ccy="USD">606.00</Amt></Amt></FrstLeg></NtnlAmt>');
      expect(body).toContain('<TradgVn>XOFF</TradgVn>');
      const uti = /<UnqTxIdr>(\w+)<\/UnqTxIdr>/.exec(body)![1]!;
      expect(isValidUti(uti)).toBe(true);
      const file = join(work, 'emir.xml');
      writeFileSync(file, body);
      expect(wellFormed(file)).toBe('');
      // Our structural auth.030 schema (not ESMA's, decision 0048): valid as written, and a
      // record whose elements drift out of order is refused, so the check can fail.
      expect(schemaErrors(STRUCTURAL_SCHEMAS.emir, file)).toBe('');
      const drifted = join(work, 'emir-drifted.xml');
      writeFileSync(
        drifted,
        body.replace(/<TradgVn>XOFF<\/TradgVn>(<ExctnTmStmp>[^<]+<\/ExctnTmStmp>)/, '$1<TradgVn>XOFF</TradgVn>'),
      );
      expect(schemaErrors(STRUCTURAL_SCHEMAS.emir, drifted)).toMatch(/ExctnTmStmp.*not expected/);

      const csv = await generateAndWait(t, regulator, { reportType: 'EMIR', fileFormat: 'CSV' });
      const rows = csvRows(await download(csv.id));
      expect(rows).toHaveLength(1 + 2);
      expect(rows[0]).toMatch(/^uti,tradeId,reportingCounterpartyLei/);
      expect(
        rows
          .slice(1)
          .map((r) => r.split(',')[5])
          .sort(),
      ).toEqual(['BYER', 'SLLR']);
      expect(isValidLei(rows[1]!.split(',')[2]!)).toBe(true);
    } finally {
      await t.db.update(instruments).set({ contractType: 'PAM' }).where(eq(instruments.id, bond));
    }
  });
});

describe('CRD_CRR (COREP own funds, requirements, ratios)', () => {
  it('is an XBRL instance of the risk engine’s Basel III figures per organisation with a capital base', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'CRD_CRR', fileFormat: 'XBRL' });
    expect(report.status, report.failureReason).toBe('completed');
    const body = await download(report.id);
    const file = join(work, 'corep.xbrl');
    writeFileSync(file, body);
    expect(wellFormed(file)).toBe('');
    expect(body).toMatch(/<mrd:OwnFunds contextRef="c\d+" unitRef="USD" decimals="2">\d+\.\d{2}<\/mrd:OwnFunds>/);
    expect(body).toMatch(/<mrd:CET1Ratio contextRef="c\d+" unitRef="pure" decimals="4">0\.\d+<\/mrd:CET1Ratio>/);
    expect(report.recordCount).toBe((body.match(/<mrd:/g) ?? []).length);
    expect(report.recordCount).toBeGreaterThan(0);
    // Own funds = Tier 1 + Tier 2, fact by fact.
    const fact = (name: string) => Number(new RegExp(`<mrd:${name} [^>]*>([\\d.]+)<`).exec(body)![1]);
    expect(fact('OwnFunds')).toBeCloseTo(fact('Tier1Capital') + fact('Tier2Capital'), 2);
  });
});

describe('CRD_CRR at a past period end', () => {
  it('values the holdings booked by the end of the period, not today’s', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const creditRwa = async (periodEnd: string) => {
      const report = await generateAndWait(t, regulator, {
        reportType: 'CRD_CRR',
        fileFormat: 'JSON',
        periodStart: periodEnd,
        periodEnd,
      });
      expect(report.status, report.failureReason).toBe('completed');
      const facts: { concept: string; entityName: string; value: string }[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === 'object') {
          if ('concept' in node && 'entityName' in node) facts.push(node as (typeof facts)[number]);
          else Object.values(node).forEach(walk);
        }
      };
      walk(JSON.parse(await download(report.id)));
      return facts.find(
        (f) => f.concept === 'CreditRiskExposureAmount' && f.entityName === 'Keystone Asset Management',
      )!.value;
    };
    const [keystone] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, 'Keystone Asset Management'));
    const target = { scope: 'organisation' as const, userId: '', organisationId: keystone!.id };
    // Keystone's investor bought its 6 units today: yesterday's credit exposure is without them.
    const past = await creditRwa(yesterday);
    expect(past).toBe((await capitalAt(t.db, target, yesterday))!.creditRwa);
    const now = await creditRwa(new Date().toISOString().slice(0, 10));
    expect(now).toBe((await riskMetrics(t.db, target)).capital!.creditRwa);
    expect(Number(now)).toBeGreaterThan(Number(past));
  });
});

describe('MICA (order-book records)', () => {
  it('lists every order event with millisecond timestamps and the status after it', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'MICA', fileFormat: 'CSV' });
    expect(report.status, report.failureReason).toBe('completed');
    const rows = csvRows(await download(report.id));
    expect(rows[0]).toMatch(/^eventTime,event,orderId,tradeId,participantLei/);
    const events = rows.slice(1).map((r) => r.split(','));
    const ofBond = events.filter((e) => e.includes('Report Types 4% 2030'));
    // New sell, new buy, the sell's partial fill (6 of 10) and the buy's fill.
    expect(ofBond.map((e) => e[1]).sort()).toEqual(['FILL', 'NEWO', 'NEWO', 'PARF']);
    expect(ofBond.every((e) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(e[0]!))).toBe(true);
    expect(ofBond.find((e) => e[1] === 'PARF')).toContain('partially_filled');
    expect(report.recordCount).toBe(events.length);
  });
});

describe('AML_CTF (goAML)', () => {
  it('reports cash movements at or over 10,000 as a goAML CTR and the surveillance cases alongside', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'AML_CTF', fileFormat: 'XML' });
    expect(report.status, report.failureReason).toBe('completed');
    const body = await download(report.id);
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<report><rentity_id>1<\/rentity_id><submission_code>E<\/submission_code><report_code>CTR<\/report_code>/,
    );
    const file = join(work, 'goaml.xml');
    writeFileSync(file, body);
    expect(wellFormed(file)).toBe('');
    // Our structural goAML schema (not UNODC's, decision 0048); a transaction without its
    // amount is refused, so the check can fail.
    expect(schemaErrors(STRUCTURAL_SCHEMAS.goaml, file)).toBe('');
    const broken = join(work, 'goaml-broken.xml');
    writeFileSync(broken, body.replace(/<amount_local>[^<]+<\/amount_local>/, ''));
    expect(schemaErrors(STRUCTURAL_SCHEMAS.goaml, broken)).toMatch(/t_from.*not expected/);
    // The seed funds the demo accounts today: each deposit of at least 10,000.00 is a transaction.
    const amounts = [...body.matchAll(/<amount_local>([\d.]+)<\/amount_local>/g)].map((m) => Number(m[1]));
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((a) => a >= 10_000)).toBe(true);
    expect(body.endsWith('<report_indicators><indicator>CTR</indicator></report_indicators></report>')).toBe(true);

    const csv = await generateAndWait(t, regulator, { reportType: 'AML_CTF', fileFormat: 'CSV' });
    expect(csv.files.map((f: { part: string }) => f.part)).toEqual(['main', 'suspicious']);
    expect(csvRows(await download(csv.id))).toHaveLength(1 + amounts.length);
  });
});
