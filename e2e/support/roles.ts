import { expect, type Browser, type Page } from '@playwright/test';
import { signInViaApi } from './auth';

/** Shared by the /roles specs: a signed-in browser of its own on /roles, toasts, approvals. */
export async function openRoles(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaApi(page, email);
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Role Management' })).toBeVisible();
  return page;
}

export const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  await expect(toast(page).filter({ hasText: title })).toBeVisible();
  if (description) await expect(toast(page).filter({ hasText: title })).toContainText(description);
}

export async function dismissToasts(page: Page) {
  const close = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Close' });
  if ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(close).toHaveCount(0, { timeout: 6_000 });
}

/** Approves the pending approval whose summary matches, on /roles, and checks the toast. */
export async function approve(page: Page, summary: RegExp, expected: RegExp) {
  await page.goto('/roles');
  const pending = page.getByRole('list', { name: 'Pending approvals' });
  await pending.getByRole('button', { name: new RegExp(`^Approve: .*${summary.source}`) }).click();
  await expectToast(page, 'Approval Recorded', expected);
  await dismissToasts(page);
}
