import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signInViaApi } from './support/auth';

// The regulator's screen over real platform data: a wash trade placed through the engine (two
// traders of one firm, Meridian Markets Ltd, on both sides) is detected by surveillance and
// shows up in Recent Violations and Investigations, where the regulator reviews and resolves it.

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await context.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  return context;
}

test.describe('/regulator', () => {
  test('shows market supervision figures; a detected wash trade is reviewed and resolved', async ({
    page,
    baseURL,
  }) => {
    const today = new Date().toISOString().slice(0, 10);
    const demo = await apiAs(baseURL!, 'demo@meridian.test');
    const admin = await apiAs(baseURL!, 'admin@meridian.test');
    const issued = await demo.post('/api/instruments', {
      data: {
        contractType: 'PAM',
        name: 'Regulator E2E 5% 2030',
        notionalAmount: 100_000,
        currency: 'USD',
        issueDate: today,
        maturityDate: `${Number(today.slice(0, 4)) + 4}${today.slice(4)}`,
        interestRate: 5,
        paymentFrequency: 'P1Y',
        dayCountConvention: 'A/365',
      },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const instrumentId = (await issued.json()).id;
    const order = (api: APIRequestContext, orderType: string) =>
      api.post('/api/orders', {
        data: { instrumentId, orderType, type: 'limit', quantity: 5, price: '100.00' },
        headers: { 'Idempotency-Key': `${orderType}-${instrumentId}` },
      });
    expect((await order(demo, 'sell')).status()).toBe(201);
    expect((await order(admin, 'buy')).status()).toBe(201);
    await demo.dispose();
    await admin.dispose();

    await signInViaApi(page, 'regulator@meridian.test');
    await page.goto('/regulator');
    await expect(page.getByRole('heading', { name: 'Regulator Dashboard' })).toBeVisible();
    for (const title of [
      'Market Volume',
      'Registered Institutions',
      'Compliance Rate',
      'Market Health Metrics',
      'Regulatory Oversight',
      'Institution Breakdown',
      'Quick Actions',
      'Recent Violations and Investigations',
    ])
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Generate Report' })).toHaveAttribute('href', '/compliance');
    await expect(page.getByRole('link', { name: 'Review Reports' })).toHaveAttribute('href', '/compliance');
    await expect(page.getByTestId('institution-row').first()).toBeVisible();

    // Surveillance judges the trade within a second or two; the overview refreshes every 30 s.
    const row = page.getByTestId('case-row').filter({ hasText: 'Wash trade' }).filter({ hasText: 'Regulator E2E' });
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.screenshot({ path: 'e2e/artifacts/regulator-dashboard.png', fullPage: true });

    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Wash trade')).toBeVisible();
    await expect(dialog.getByText(/Demo User bought from|Alex Morgan bought from/)).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/regulator-case.png', fullPage: true });
    await dialog.getByLabel('Note').fill('Both sides are Meridian Markets Ltd staff accounts; requested records.');
    await dialog.getByRole('button', { name: 'Move to review' }).click();
    await expect(dialog.getByTestId('case-status')).toHaveText('under_review');
    await dialog.getByLabel('Note').fill('Test trade of the issuance desk; no market impact. Closed with a warning.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByTestId('case-status')).toHaveText('resolved');
    await expect(dialog.getByTestId('case-notes')).toContainText('under_review → resolved');
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('case-status')).toHaveText('resolved');

    await page.getByRole('button', { name: 'Market Analysis' }).click();
    await expect(page.getByRole('dialog').getByTestId('analysis-row').first()).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/regulator-analysis.png', fullPage: true });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Investigate Violations' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Investigate Violations' })).toBeVisible();
  });
});
