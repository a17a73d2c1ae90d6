import { expect, test } from '@playwright/test';
import { signInViaApi } from './support/auth';

test.describe('/custodian', () => {
  test('shows custody from real data and Process Queue settles the due settlements', async ({ page }) => {
    await signInViaApi(page, 'custodian@meridian.test');
    await page.goto('/custodian');
    await expect(page.getByRole('heading', { name: 'Custodian Dashboard' })).toBeVisible();
    for (const title of [
      'Assets Under Custody',
      'Total Clients',
      'Security Score',
      'Settlement Queue',
      'Security and Compliance',
      'Asset Breakdown',
      'Risk Metrics',
      'Recent Settlements',
    ])
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Security Panel' })).toHaveAttribute('href', '/compliance');
    await expect(page.getByTestId('assets-under-custody')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(page.getByTestId('security-score')).toHaveText(/^\d+\/100$/);
    for (const control of ['multiSig', 'coldStorage', 'insurance', 'audit'])
      await expect(page.getByTestId(`control-${control}`)).toBeVisible();

    // The seeded T+1/T+2 trades are due: pending in the queue, counted as high or medium priority.
    const due = async () =>
      Number(await page.getByTestId('queue-high').locator('div').first().textContent()) +
      Number(await page.getByTestId('queue-medium').locator('div').first().textContent());
    await expect(page.getByTestId('queue-row').first()).toBeVisible();
    expect(await due()).toBeGreaterThan(0);
    await page.screenshot({ path: 'e2e/artifacts/custodian-queue.png', fullPage: true });

    await page.getByRole('button', { name: 'Process Queue' }).click();
    await expect(page.getByText('Queue Processed', { exact: true })).toBeVisible();
    await expect(page.getByText(/\d+ settled, 0 failed/).first()).toBeVisible();
    await expect.poll(due).toBe(0);
    const recent = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'Client' }) });
    await expect(recent.getByRole('cell', { name: 'Meridian Demo Order Flow' }).first()).toBeVisible();
    await expect(recent.getByText('completed').first()).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/custodian-processed.png', fullPage: true });
  });
});
