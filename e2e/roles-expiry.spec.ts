import { expect, test, type Page } from '@playwright/test';
import { approve, dismissToasts, expectToast, openRoles } from './support/roles';

/**
 * Issue 10: "the user's new permission works and stops working after expiry (use a short
 * duration)". A custodian asks for manage_departments for two minutes on /roles, an
 * administrator approves it in another browser, the custodian creates a department with it,
 * and once the elevation has ended the same action is refused — all through the panel, with
 * the SPEC toasts. The wait is a poll of the user's own permissions, not a fixed sleep.
 */
const USER = 'custodian2@meridian.test';
const PERMISSION = 'manage_departments';
const MINUTES = 2;
const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SHOTS = 'e2e/artifacts';

type MyPermissions = {
  tempElevations: { permission: { permissionId: string }; elevation: { effectiveUntil: string } }[];
};

/** When the user's elevation to PERMISSION ends, or null when none is in force (read as the panel reads it). */
async function elevatedUntil(page: Page): Promise<number | null> {
  const response = await page.request.get('/api/role-management/my-permissions');
  expect(response.ok()).toBe(true);
  const mine = (await response.json()) as MyPermissions;
  const ends = mine.tempElevations
    .filter((t) => t.permission.permissionId === PERMISSION)
    .map((t) => Date.parse(t.elevation.effectiveUntil));
  return ends.length === 0 ? null : Math.max(...ends);
}

async function createDepartment(page: Page, name: string, code: string) {
  await page.getByRole('tab', { name: 'Departments' }).click();
  await page.getByLabel('Department Name').fill(name);
  await page.getByLabel('Department Code').fill(code);
  await page.getByLabel('Budget Authority (USD)').fill('100000');
  await page.getByRole('button', { name: 'Create Department' }).click();
}

test('an approved short elevation works, and the same action is refused once it has expired', async ({ browser }) => {
  // Two minutes of elevation plus two browsers on a shared 2-core machine.
  test.setTimeout(MINUTES * 60_000 + 180_000);
  const user = await openRoles(browser, USER);
  expect(await elevatedUntil(user)).toBeNull();

  // The request, in minutes (hours stay the default and SPEC's label).
  await user.getByRole('tab', { name: 'Permissions' }).click();
  await expect(user.getByLabel('Duration (hours)')).toHaveValue('4');
  await user.getByLabel('Permission', { exact: true }).selectOption(PERMISSION);
  await user.getByLabel('Duration unit').selectOption('minutes');
  await user.getByLabel('Duration (minutes)').fill(String(MINUTES));
  await user.getByLabel('Reason').fill('Open the settlement desk department');
  await user.getByLabel('Justification').fill('Desk head away; two minutes is enough.');
  await user.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(user, 'Request Submitted', 'Your permission elevation request has been submitted for approval');
  await dismissToasts(user);

  // An administrator approves it in their own browser.
  const approver = await openRoles(browser, 'admin2@meridian.test');
  await approve(
    approver,
    new RegExp(`${USER.replace('.', '\\.')} requests ${PERMISSION} for ${MINUTES} min`),
    /approved and applied/,
  );

  // The permission works: the department is created.
  const until = await elevatedUntil(user);
  expect(until, 'the approved elevation is in force').not.toBeNull();
  const first = `Elevated Desk ${SUFFIX}`;
  await user.reload();
  await createDepartment(user, first, `EL${SUFFIX}`);
  await expectToast(user, 'Department Created', `${first} department has been created successfully`);
  expect(Date.now(), 'the first action ran while the elevation was in force').toBeLessThan(until!);
  await dismissToasts(user);
  await user.screenshot({ path: `${SHOTS}/roles-expiry-works.png`, fullPage: true });

  // Wait for the end by polling the user's permissions (the guard checks the same expiry).
  await expect.poll(() => elevatedUntil(user), { timeout: MINUTES * 60_000 + 60_000, intervals: [5_000] }).toBeNull();
  expect(Date.now()).toBeGreaterThanOrEqual(until!);

  // The same action is now refused, with the SPEC error toast and the server's reason.
  const second = `Lapsed Desk ${SUFFIX}`;
  await createDepartment(user, second, `LP${SUFFIX}`);
  await expectToast(user, 'Error', 'Failed to create department.');
  await expect(user.getByRole('alert').filter({ hasText: `Missing permission: ${PERMISSION}` })).toBeVisible();
  await expect(
    user.getByRole('table', { name: 'Departments' }).getByRole('row', { name: new RegExp(second) }),
  ).toHaveCount(0);
  await user.screenshot({ path: `${SHOTS}/roles-expiry-refused.png`, fullPage: true });
});
