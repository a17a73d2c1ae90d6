import { expect, test } from '@playwright/test';
import { signInViaApi } from './support/auth';

const ARTIFACTS = 'e2e/artifacts';

test.describe('landing page', () => {
  test('shows live system status measured against the real server', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Simulation Mode Active')).toBeVisible();
    await expect(page.getByTestId('api-latency')).toHaveText(/^\d+ ms$/);
    await expect(page.getByTestId('active-users')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByText('Sign in to see your portfolio balance.')).toBeVisible();
  });

  test('role connect stores a simulated badge and opens the role dashboard', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: /^Issuer/ }).click();
    await expect(page.getByText('Connecting...')).toBeVisible();
    await expect(page).toHaveURL('/issuer', { timeout: 5_000 });
    const stored = await page.evaluate(() => ({
      role: localStorage.getItem('selectedRole'),
      connected: localStorage.getItem('blockchainConnected'),
      at: localStorage.getItem('walletConnectedAt'),
      badge: JSON.parse(localStorage.getItem('stakeholderBadge') ?? 'null') as {
        badgeType: string;
        status: string;
      } | null,
    }));
    expect(stored).toMatchObject({
      role: 'issuer',
      connected: 'true',
      badge: { badgeType: 'stakeholder_access', status: 'simulated' },
    });
    expect(Date.parse(stored.at ?? '')).not.toBeNaN();
  });

  test('screenshots at desktop and mobile width', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/');
    await expect(page.getByTestId('api-latency')).toHaveText(/ms$/);
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
    await page.screenshot({ path: `${ARTIFACTS}/landing-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${ARTIFACTS}/landing-mobile.png`, fullPage: true });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.screenshot({ path: `${ARTIFACTS}/landing-mobile-menu.png` });
  });
});
