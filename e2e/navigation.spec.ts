import { expect, test } from '@playwright/test';
import { signInViaApi } from './support/auth';
import { DASHBOARD_LINKS, MAIN_LINKS, SPEC_ROUTES } from './support/routes';

test.describe('navigation (desktop)', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/');
  });

  test('main links open their screen and are highlighted', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const link of [...MAIN_LINKS.slice(1), MAIN_LINKS[0]]) {
      await nav.getByRole('link', { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(link.path);
      await expect(nav.getByRole('link', { name: link.name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('the Dashboards dropdown lists the five role dashboards', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Dashboards' }).click();
    const items = nav.getByRole('listitem').getByRole('link');
    await expect(items).toHaveText(DASHBOARD_LINKS.map((l) => l.name));
    await nav.getByRole('link', { name: 'Custodian' }).click();
    await expect(page).toHaveURL('/custodian');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('the brand links home and search is present but inactive', async ({ page }) => {
    await page.goto('/risk');
    await page.getByRole('link', { name: 'Meridian' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Search (not available)' })).toBeDisabled();
  });

  test('every SPEC §2 route answers inside the layout', async ({ page }) => {
    for (const route of SPEC_ROUTES) {
      await page.goto(route.path);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await expect(page.getByText('Page not found')).toHaveCount(0);
    }
  });

  test('the role-management placeholder goes back in history', async ({ page }) => {
    await page.goto('/risk');
    await page.goto('/role-management');
    await expect(page.getByRole('heading', { name: 'Role Management Interface' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Main' }).click();
    await expect(page).toHaveURL('/risk');
  });
});

test.describe('navigation (small screen)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the collapsible menu lists main links and the Role Dashboards section', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile navigation' });
    for (const link of MAIN_LINKS) await expect(menu.getByRole('link', { name: link.name, exact: true })).toBeVisible();
    await expect(menu.getByText('Role Dashboards')).toBeVisible();
    await menu.getByRole('link', { name: 'Regulator' }).click();
    await expect(page).toHaveURL('/regulator');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Regulator' })).toHaveAttribute('aria-current', 'page');
  });
});
