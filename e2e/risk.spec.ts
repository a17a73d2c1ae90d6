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
});
