import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';

const today = () => new Date().toISOString().slice(0, 10);
const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Fills the form for one type and format over today, generates, and waits for the row to complete. */
async function generate(page: Page, type: string, cardTitle: string, format: string) {
  const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await page.getByRole('button', { name: `Select ${cardTitle}` }).click();
  await expect(page.getByLabel('Report Type')).toHaveValue(type);
  await page.getByLabel('Period').selectOption('daily');
  await page.getByLabel('Start Date').fill(today());
  await page.getByLabel('End Date').fill(today());
  await page.getByLabel('Format').selectOption(format);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(toast.first()).toContainText('Report Generation Started');
  const row = page.getByTestId('report-row').first();
  await expect(row).toContainText(cardTitle);
  await expect(row.getByText('completed')).toBeVisible({ timeout: 60_000 });
  return row;
}

test.describe('/compliance', () => {
  test('validates, generates reports in their native formats, shows them complete and downloads one', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInViaApi(page, 'regulator@meridian.test');
    await page.goto('/compliance');
    await expect(page.getByRole('heading', { name: 'Compliance & Regulatory Reporting' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Risk Dashboard' })).toHaveAttribute('href', '/risk');
    await expect(page.getByLabel('Period')).toHaveValue('monthly');
    await expect(page.getByLabel('Format')).toHaveValue('JSON');
    await expect(page.getByLabel('Start Date')).toHaveValue(/^\d{4}-\d\d-01$/);

    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(toast.first()).toContainText(/Validation Error[\s\S]*Please select a report type and date range\./);

    // Native formats over today's seeded data: the ledger's balance sheet (XBRL), the risk
    // engine's capital (XBRL), the seed's cash deposits (goAML XML), the order events (CSV).
    await generate(page, 'XBRL', 'XBRL', 'XBRL');
    await generate(page, 'CRD_CRR', 'CRD IV / CRR', 'XBRL');
    await generate(page, 'MICA', 'MiCA', 'CSV');
    const aml = await generate(page, 'AML_CTF', 'AML / CTF', 'XML');
    await expect(page.getByTestId('counter-completed')).toHaveText('4');
    await page.screenshot({ path: 'e2e/artifacts/compliance-completed.png', fullPage: true });

    // SPEC §7: the download opens in a new tab; the tab's response is the stored file.
    const response = page.context().waitForEvent('response', (r) => r.url().includes('/download'));
    await aml.getByRole('button', { name: 'Download' }).click();
    const file = await response;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toBe(`attachment; filename="AML_CTF_${today()}_${today()}.xml"`);
    await expect(toast.first()).toContainText('Download Started');
    const list = await (await page.request.get('/api/compliance/reports')).json();
    const report = list.reports.find((r: { reportType: string }) => r.reportType === 'AML_CTF');
    const body = await (await page.request.get(new URL(file.url()).pathname)).body();
    expect(sha256(body)).toBe(report.files[0].sha256);
    expect(body.length).toBe(report.files[0].size);
    expect(body.toString('utf8')).toContain('<report_code>CTR</report_code>');
  });
});
