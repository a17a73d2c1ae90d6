import { expect, test } from '@playwright/test';
import { DEMO_USER, signInViaApi, signInWithDemoAccount } from './support/auth';

test.describe('sign-in and sign-out', () => {
  test('signs in with a demo account in one click', async ({ page }) => {
    await signInWithDemoAccount(page);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(DEMO_USER.name);
    await expect(page.getByText(`Welcome back, ${DEMO_USER.name}.`)).toBeVisible();
  });

  test('rejects a wrong password with the server message', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid/i);
    await expect(page).toHaveURL(/\/sign-in/);
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
  });

  test('a signed-out visit to a data screen toasts, redirects to login and comes back after sign-in', async ({
    page,
  }) => {
    await page.goto('/marketplace');
    // Radix labels the toast region with its focus hotkey (SPEC §9: F8).
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    // One assertion: the redirect follows 500 ms later and removes the toast with the page.
    await expect(toast).toContainText(/Unauthorized[\s\S]*You are logged out\. Logging in again\.\.\./);
    await expect(page).toHaveURL(/\/sign-in/);
    await page.getByRole('button', { name: `Sign in as ${DEMO_USER.name}` }).click();
    await expect(page).toHaveURL('/marketplace');
  });

  test('the trading screen redirects signed-out users at once', async ({ page }) => {
    await page.goto('/trading');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('signs out from the user menu', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});
