import { expect, test } from '@playwright/test';
import { signInViaApi } from './support/auth';

test.describe('/risk', () => {
  test('shows every SPEC card computed from the demo portfolio', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/risk');
    await expect(page.getByRole('heading', { name: 'Risk Analytics Dashboard' })).toBeVisible();
    for (const title of [
      'VaR (95%)',
      'DV01',
      'Credit Rating',
      'Leverage Ratio',
      'Portfolio Exposure',
      'VaR Historical Trend',
      'Risk Limits & Alerts',
      'Regulatory Capital',
      'Stress Test Scenarios',
      'VaR Backtesting',
    ])
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Compliance View' })).toHaveAttribute('href', '/compliance');
    await expect(page.getByText(/Basel III: /)).toBeVisible();
    await expect(page.getByRole('cell', { name: /2008 crisis/ })).toBeVisible();
    await expect(page.getByText(/Kupiec POF/)).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/risk-own.png', fullPage: true });
    await page.getByRole('button', { name: 'Organisation' }).click();
    await expect(page.getByText(/Meridian Markets Ltd · value/)).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/risk-organisation.png', fullPage: true });
  });

  test('runs a custom stress scenario typed by the user, computed on the server', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/risk');
    await expect(page.getByRole('heading', { name: 'Custom Stress Scenario' })).toBeVisible({ timeout: 120_000 });
    const rates = page.getByLabel('Interest rates, parallel shift (bp)');
    const usd = page.getByLabel('US dollar against every currency (%)');

    // Bad input is stopped on its field with the shared schema's words; nothing is sent.
    await rates.fill('two hundred');
    await usd.fill('-100');
    await page.getByRole('button', { name: 'Run scenario' }).click();
    await expect(page.getByText('Name the scenario')).toBeVisible();
    await expect(page.getByText('Enter a number, e.g. 200 or -1,000')).toBeVisible();
    await expect(page.getByText('Must be above −100 %')).toBeVisible();
    await expect(page.getByLabel('Scenario name')).toBeFocused();
    await expect(page.getByTestId('custom-stress-result')).toHaveCount(0);

    // Keyboard only: type the shocks, Enter submits.
    await page.getByLabel('Scenario name').fill('Rates up, USD firmer');
    await rates.fill('1,000');
    await page.getByLabel('Credit spreads (bp)').fill('150');
    await usd.fill('10');
    await usd.press('Enter');
    const result = page.getByTestId('custom-stress-result');
    await expect(result).toContainText('Rates up, USD firmer:', { timeout: 120_000 });

    // The figure shown is the server's for the same scenario (asked again through the API).
    const response = await page.request.post('/api/risk/stress', {
      data: { name: 'check', rateShiftBp: 1000, spreadShiftBp: 150, usdMovePercent: 10, currency: 'USD' },
    });
    expect(response.ok()).toBe(true);
    const { result: expected } = (await response.json()) as {
      result: { portfolioImpact: string; impactPercent: number; riskLevel: string; capitalImpact: number | null };
    };
    expect(Number(expected.portfolioImpact)).toBeLessThan(0);
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      expected.portfolioImpact as unknown as number,
    );
    await expect(result).toContainText(`${money} (${expected.impactPercent.toFixed(2)}%)`);
    await expect(result).toContainText(expected.riskLevel);
    // Measured against the organisation's Tier 1, as the predefined scenarios are (issue 14).
    expect(expected.capitalImpact).not.toBeNull();
    await expect(page.getByTestId('custom-stress-capital')).toHaveText(
      `Capital impact: ${expected.capitalImpact!.toFixed(2)}% of Tier 1`,
    );
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/artifacts/risk-custom-stress.png' });
  });
});
