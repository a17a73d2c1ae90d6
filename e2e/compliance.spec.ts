import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signInViaApi } from './support/auth';

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return api;
}

/** Two real trades today: the issuer issues a bond and sells, an investor buys. */
async function tradeToday(baseURL: string) {
  const issuer = await apiAs(baseURL, 'issuer@meridian.test');
  const investor = await apiAs(baseURL, 'investor@meridian.test');
  const issueDate = new Date().toISOString().slice(0, 10);
  const bond = await issuer.post('/api/instruments', {
    data: {
      contractType: 'PAM',
      name: 'Compliance E2E 4% 2029',
      notionalAmount: 100_000,
      currency: 'USD',
      issueDate,
      maturityDate: `${Number(issueDate.slice(0, 4)) + 3}${issueDate.slice(4)}`,
      interestRate: 4,
      paymentFrequency: 'P1Y',
      dayCountConvention: 'A/365',
    },
  });
  expect(bond.status(), await bond.text()).toBe(201);
  const instrumentId = (await bond.json()).id;
  const order = (api: APIRequestContext, data: object) => api.post('/api/orders', { data: { instrumentId, ...data } });
  expect((await order(issuer, { orderType: 'sell', type: 'limit', quantity: 10, price: '100.50' })).status()).toBe(201);
  expect((await order(investor, { orderType: 'buy', type: 'market', quantity: 4 })).status()).toBe(201);
  expect((await order(investor, { orderType: 'buy', type: 'market', quantity: 2 })).status()).toBe(201);
}

const today = () => new Date().toISOString().slice(0, 10);

test.describe('/compliance', () => {
  test('validates, generates a MiFID II report in its native XML, shows it complete and downloads it', async ({
    page,
  }) => {
    await signInViaApi(page, 'regulator@meridian.test');
    await page.goto('/compliance');
    await expect(page.getByRole('heading', { name: 'Compliance & Regulatory Reporting' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Risk Dashboard' })).toHaveAttribute('href', '/risk');
    await expect(
      page.getByText('No reports generated yet. Generate your first compliance report above.'),
    ).toBeVisible();
    await expect(page.getByTestId('counter-total')).toHaveText('0');

    // Defaults: monthly, JSON, the previous month.
    await expect(page.getByLabel('Period')).toHaveValue('monthly');
    await expect(page.getByLabel('Format')).toHaveValue('JSON');
    await expect(page.getByLabel('Start Date')).toHaveValue(/^\d{4}-\d\d-01$/);

    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(toast).toContainText(/Validation Error[\s\S]*Please select a report type and date range\./);

    await page.getByRole('button', { name: 'Select MiFID II' }).click();
    await expect(page.getByLabel('Report Type')).toHaveValue('MIFID2');
    await page.getByLabel('Period').selectOption('daily');
    await page.getByLabel('Start Date').fill(today());
    await page.getByLabel('End Date').fill(today());
    await page.getByLabel('Format').selectOption('XML');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(toast).toContainText('Report Generation Started');

    const row = page.getByTestId('report-row').first();
    await expect(row).toContainText('MiFID II');
    await expect(row.getByText('completed')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('counter-completed')).toHaveText('1');
    await page.screenshot({ path: 'e2e/artifacts/compliance-completed.png', fullPage: true });

    // SPEC §7: the download opens in a new tab, which receives the file.
    const downloadPromise = new Promise<import('@playwright/test').Download>((resolve) =>
      page.context().on('page', (tab) => tab.on('download', resolve)),
    );
    await row.getByRole('button', { name: 'Download' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`MIFID2_${today()}_${today()}.xml`);
    await expect(toast).toContainText('Download Started');
    const body = await (await page.request.get(download.url())).text();
    expect(body).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:auth.016.001.01"><FinInstrmRptgTxRpt>');
    expect(body.match(/<Tx><New>/g)).toHaveLength(4); // two trades, both sides, market-wide
    await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible(); // 4 + 1 best-execution row
  });
});
