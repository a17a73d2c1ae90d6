import { appendFileSync, mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';
import { SPEC_ROUTES } from './support/routes';

// Issue 13 item 5: every route usable at 375 px (no horizontal page scroll) and free of axe
// violations of any impact, in the light and the dark theme (chosen by the system preference).
const PHONE = { width: 375, height: 812 };
const THEMES = ['light', 'dark'] as const;
const ARTIFACTS = 'e2e/artifacts/a11y';
mkdirSync(ARTIFACTS, { recursive: true });

test.describe.configure({ timeout: 150_000 });

async function firstInstrumentPath(page: Page): Promise<string> {
  const response = await page.request.get('/api/instruments');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { id: string }[] | { items: { id: string }[] };
  const list = Array.isArray(body) ? body : body.items;
  return `/instruments/${list[0].id}`;
}

/** Waits until the screen has its data (no skeleton or busy region left), at most a few seconds. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"], .animate-pulse').length === 0, null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect
    .soft(scrollWidth, `${label}: page is ${scrollWidth} px wide in a ${innerWidth} px window`)
    .toBeLessThanOrEqual(innerWidth);
}

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  // Also written as they are found, to read while a long run goes on.
  if (summary.length > 0) appendFileSync(`${ARTIFACTS}/violations.txt`, `${label}\n  ${summary.join('\n  ')}\n`);
  expect.soft(summary, `${label}: axe violations`).toEqual([]);
}

const routes: { path: string; signedIn: boolean }[] = [
  ...SPEC_ROUTES.map((route) => ({ path: route.path, signedIn: true })),
  { path: '/sign-in', signedIn: false },
  { path: '/', signedIn: false },
  { path: '/instruments/:first', signedIn: true },
  { path: '/no-such-page', signedIn: true },
];

for (const route of routes) {
  const who = route.signedIn ? 'signed in' : 'signed out';
  test(`${route.path} (${who}): no horizontal scroll at 375 px, no axe violations in light and dark`, async ({
    page,
  }) => {
    if (route.signedIn) await signInViaApi(page);
    const path = route.path === '/instruments/:first' ? await firstInstrumentPath(page) : route.path;
    await page.setViewportSize(PHONE);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(path);
      await settle(page);
      const label = `${path} (${who}) ${theme} 375px`;
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expectNoHorizontalScroll(page, label);
      const name = `${route.path.replace(/[/:]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${who.replace(' ', '-')}`;
      await page.screenshot({ path: `${ARTIFACTS}/${name}-${theme}-375.png`, fullPage: true });
      await expectNoAxeViolations(page, label);
    }
  });
}

test('the theme toggle cycles System, Light, Dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await expect(toggle).toHaveAccessibleName('Theme: System (switch to Light)');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: Light (switch to Dark)');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: /^Theme:/ })).toHaveAccessibleName('Theme: Dark (switch to System)');
});

test('keyboard: Escape closes the phone menu and focus returns to its button; headers sort with aria-sort', async ({
  page,
}) => {
  await signInViaApi(page);
  await page.setViewportSize(PHONE);
  await page.goto('/marketplace');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  const priceHeader = page.getByRole('columnheader', { name: 'Price' });
  await expect(priceHeader).toHaveAttribute('aria-sort', 'none');
  await priceHeader.getByRole('button').click();
  await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
  await priceHeader.getByRole('button').press('Enter');
  await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
});
