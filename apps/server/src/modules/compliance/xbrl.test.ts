import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { issueBond, orderClient } from '../trading/test-support';
import { LABEL_FILE, labelLinkbase, TAXONOMY_FILE, taxonomySchema } from './formats/taxonomy';
import { generateAndWait, reportsClient } from './test-support';

// The XBRL 2.1 base schemas are read from the shared folder next to the checkout, never copied
// into the repository; an XML catalog maps their http://www.xbrl.org/ URLs there (offline).
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const XBRL_BASE = join(REPO_ROOT, '../shared/regschemas/xbrl21/www.xbrl.org/');
const work = mkdtempSync(join(tmpdir(), 'meridian-xbrl-'));
const catalog = join(work, 'catalog.xml');
writeFileSync(
  catalog,
  `<?xml version="1.0"?>
<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
  <rewriteURI uriStartString="http://www.xbrl.org/" rewritePrefix="file://${XBRL_BASE}"/>
  <rewriteSystem systemIdStartString="http://www.xbrl.org/" rewritePrefix="file://${XBRL_BASE}"/>
</catalog>
`,
);
writeFileSync(join(work, TAXONOMY_FILE), taxonomySchema());
writeFileSync(join(work, LABEL_FILE), labelLinkbase());

/** Runs xmllint offline; returns its output, throwing (with the output) when the document is invalid. */
function xmllint(schema: string, document: string): string {
  try {
    return execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, document], {
      env: { ...process.env, XML_CATALOG_FILES: catalog },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string };
    throw new Error(`xmllint rejected ${document}:\n${e.stderr ?? ''}${e.stdout ?? ''}`);
  }
}

let t: TestApp;
let regulator: string;
beforeAll(async () => {
  t = await createTestApp();
  const orders = orderClient(t);
  const [issuer, investor] = await Promise.all(['issuer', 'investor'].map((u) => t.signIn(`${u}@meridian.test`)));
  const bond = await issueBond(t, issuer!, 'XBRL Test 3% 2029');
  await orders.place(issuer!, { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 10, price: '102.50' });
  await orders.place(investor!, { instrumentId: bond, orderType: 'buy', type: 'market', quantity: 6 });
  regulator = await t.signIn('regulator@meridian.test');
});
afterAll(() => t.close());

describe('XBRL', () => {
  it('the platform taxonomy and its labels are valid against the XBRL 2.1 base schemas', () => {
    expect(() => xmllint(join(XBRL_BASE, '2003/xbrl-linkbase-2003-12-31.xsd'), join(work, LABEL_FILE))).not.toThrow();
    expect(taxonomySchema()).toContain('substitutionGroup="xbrli:item"');
  });

  it('the financial report is a schema-valid instance with each organisation’s ledger figures', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'XBRL', fileFormat: 'XBRL' });
    expect(report.status, report.failureReason).toBe('completed');
    const res = await reportsClient(t).download(regulator, report.id);
    expect(res.headers['content-type']).toBe('application/xbrl+xml');
    const file = join(work, 'financial.xbrl');
    writeFileSync(file, res.body);
    xmllint(join(work, TAXONOMY_FILE), file);
    // Keystone (investor) bought 6 units at 102.50: 615.00 paid, holdings 615.00, P&L 0.00.
    const keystone =
      /<xbrli:context id="(c\d+)"><xbrli:entity><xbrli:identifier scheme="http:\/\/standards.iso.org\/iso\/17442">(\w+)<\/xbrli:identifier><\/xbrli:entity><xbrli:period><xbrli:startDate>/g;
    expect(res.body).toMatch(keystone);
    expect(res.body).toContain('>615.00</mrd:PurchasesOfInstruments>');
    expect(res.body).toContain('>615.00</mrd:InstrumentHoldings>');
    expect(res.body).toMatch(
      /<mrd:ProceedsFromSales contextRef="c\d+" unitRef="USD" decimals="2">615.00<\/mrd:ProceedsFromSales>/,
    );
    expect(res.body).toContain('<xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>');
    expect(report.recordCount).toBe((res.body.match(/<mrd:/g) ?? []).length);
    // The check can fail: a fact without its context is refused.
    writeFileSync(file, res.body.replace(/ contextRef="c\d+"/, ''));
    expect(() => xmllint(join(work, TAXONOMY_FILE), file)).toThrow(/contextRef/);
  });

  it('non-financial types in XBRL are record tuples of the same taxonomy, also schema-valid', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'MIFID2', fileFormat: 'XBRL' });
    const body = (await reportsClient(t).download(regulator, report.id)).body;
    const file = join(work, 'mifid2.xbrl');
    writeFileSync(file, body);
    xmllint(join(work, TAXONOMY_FILE), file);
    expect((body.match(/<mrd:Record>/g) ?? []).length).toBe(report.recordCount);
  });

  it('the CRD_CRR capital report (COREP concepts) is a schema-valid instance too', async () => {
    const report = await generateAndWait(t, regulator, { reportType: 'CRD_CRR', fileFormat: 'XBRL' });
    expect(report.status, report.failureReason).toBe('completed');
    const file = join(work, 'corep.xbrl');
    writeFileSync(file, (await reportsClient(t).download(regulator, report.id)).body);
    xmllint(join(work, TAXONOMY_FILE), file);
  });

  it('serves the taxonomy the instances point at', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/compliance/taxonomy/${TAXONOMY_FILE}`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(taxonomySchema());
  });
});
