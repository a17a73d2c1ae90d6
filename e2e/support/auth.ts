import { expect, type Page } from '@playwright/test';

/** Shared by the browser specs: demo accounts of the seed (see notes/contracts.md). */
export const DEMO_PASSWORD = 'meridian-demo';
export const DEMO_USER = { email: 'demo@meridian.test', name: 'Demo User' };

/**
 * Signs in through the auth endpoint with the page's own cookie jar (fast path for specs
 * that are not about the sign-in screen itself).
 */
export async function signInViaApi(page: Page, email = DEMO_USER.email, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.ok(), `sign-in of ${email} answered ${response.status()}`).toBe(true);
}

/** Signs in by clicking a demo account on /sign-in, as a user would. */
export async function signInWithDemoAccount(page: Page, name = DEMO_USER.name): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
}
