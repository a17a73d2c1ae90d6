import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';

/**
 * The Overview's four counts are the lists the viewer may read. An approver who is not an
 * administrator (the seeded Senior Issuer holds approve_elevations, not manage_departments or
 * manage_roles) opens /roles: the server refuses them departments, roles and assignments, so
 * those cards say so instead of showing 0; the permission catalogue, open to every user, is
 * counted; the Departments, Roles and Assignments tabs say the same. An administrator sees every count, equal to the lists the API returns.
 */
const SHOTS = 'e2e/artifacts';

/** /roles in a browser of its own; the first visit after start-up loads the page's code. */
async function openRoles(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaApi(page, email);
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Role Management' })).toBeVisible({ timeout: 30_000 });
  return page;
}

/** The Overview tab's text: each card reads title, figure, caption (e.g. 'Departments9Active departments'). */
const overview = (page: Page) => page.getByRole('tabpanel', { name: 'Overview' });
async function listLength(page: Page, list: string): Promise<number> {
  const response = await page.request.get(`/api/role-management/${list}`);
  expect(response.ok(), `${list} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as unknown[]).length;
}

test('a non-administrator sees the counts they may read and no misleading 0', async ({ browser }) => {
  test.setTimeout(120_000);
  const senior = await openRoles(browser, 'senior.issuer@meridian.test');
  const permissions = await listLength(senior, 'permissions');
  await expect(overview(senior)).toContainText(`Permissions${permissions}System permissions defined`);
  for (const [title, needs] of [
    ['Departments', 'Manage Departments'],
    ['Roles', 'Manage Roles'],
    ['Active Assignments', 'Manage Roles'],
  ] as const)
    await expect(overview(senior)).toContainText(`${title}—Not visible to your role (needs ${needs})`);
  await expect(overview(senior)).not.toContainText(/(Departments|Roles|Active Assignments)0/);
  // The tabs say the same: a refused list is never shown as an empty one.
  for (const [tab, needs, empty] of [
    ['Departments', 'Manage Departments', 'No departments defined yet.'],
    ['Roles', 'Manage Roles', 'No roles defined yet.'],
    ['Assignments', 'Manage Roles', 'No active role assignments.'],
  ] as const) {
    await senior.getByRole('tab', { name: tab }).click();
    const panel = senior.getByRole('tabpanel', { name: tab });
    await expect(panel).toContainText(`Not visible to your role (needs ${needs}).`);
    await expect(panel).not.toContainText(empty);
  }
  await senior.getByRole('tab', { name: 'Overview' }).click();
  // An approver still decides on the Overview.
  await expect(senior.getByText('Pending Approvals', { exact: true })).toBeVisible();
  await senior.screenshot({ path: `${SHOTS}/roles-overview-non-admin.png`, fullPage: true });

  const admin = await openRoles(browser, 'admin@meridian.test');
  for (const [title, list, caption] of [
    ['Departments', 'departments', 'Active departments'],
    ['Roles', 'roles', 'Defined roles'],
    ['Permissions', 'permissions', 'System permissions defined'],
    ['Active Assignments', 'assignments', 'Current role assignments'],
  ] as const) {
    const length = await listLength(admin, list);
    expect(length).toBeGreaterThan(0);
    await expect(overview(admin)).toContainText(`${title}${length}${caption}`);
  }
});
