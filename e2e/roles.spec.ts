import { expect, test } from '@playwright/test';
import { approve, dismissToasts, expectToast, openRoles as openAs } from './support/roles';

/**
 * /roles as administrators use it: a dual-control department and a role in it, an assignment
 * that two other administrators approve in their own browsers, a multi-signature elevation
 * approved by two distinct approvers, a revoke, and the audit trail that recorded all of it.
 */
const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const DEPARTMENT = `Structured Desk ${SUFFIX}`;
const CODE = `SD${SUFFIX}`;
const ROLE_ID = `structurer_${SUFFIX.toLowerCase()}`;
const ROLE_TITLE = `Structurer ${SUFFIX}`;
const SHOTS = 'e2e/artifacts';

test('administrators run departments, roles, dual-control assignments, elevations and the audit trail', async ({
  browser,
}) => {
  // Four people, each in their own browser, on a shared 2-core machine.
  test.setTimeout(240_000);
  const admin = await openAs(browser, 'admin@meridian.test');
  await expect(admin.getByText('Admin Panel', { exact: true })).toBeVisible();
  for (const tab of ['Overview', 'Departments', 'Roles', 'Assignments', 'Permissions'])
    await expect(admin.getByRole('tab', { name: tab })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  for (const caption of [
    'Active departments',
    'Defined roles',
    'System permissions defined',
    'Current role assignments',
  ])
    await expect(admin.getByText(caption, { exact: true })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Recent elevation requests' }).getByRole('listitem')).not.toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/roles-overview.png`, fullPage: true });

  // Departments: validation, then a dual-control department; the form resets, the list reloads.
  await admin.getByRole('tab', { name: 'Departments' }).click();
  await admin.getByRole('button', { name: 'Create Department' }).click();
  await expectToast(admin, 'Missing Information', 'Please fill in all required fields');
  await admin.getByLabel('Department Name').fill(DEPARTMENT);
  await admin.getByLabel('Department Code').fill(CODE);
  await admin.getByLabel('Budget Authority (USD)').fill('2500000');
  await admin.getByLabel('Compliance Level').selectOption('enhanced');
  await admin.getByLabel('Requires Dual Control').check();
  await admin.getByRole('button', { name: 'Create Department' }).click();
  await expectToast(admin, 'Department Created', `${DEPARTMENT} department has been created successfully`);
  const deptRow = admin.getByRole('table', { name: 'Departments' }).getByRole('row', { name: new RegExp(DEPARTMENT) });
  await expect(deptRow).toContainText('$2,500,000.00');
  await expect(deptRow).toContainText('Dual Control');
  await expect(admin.getByLabel('Department Name')).toHaveValue('');
  await expect(admin.getByLabel('Compliance Level')).toHaveValue('standard');
  await expect(admin.getByLabel('Requires Dual Control')).not.toBeChecked();
  await dismissToasts(admin);
  await admin.screenshot({ path: `${SHOTS}/roles-departments.png`, fullPage: true });

  // Roles: a level-6 role in that department.
  await admin.getByRole('tab', { name: 'Roles' }).click();
  await admin.getByRole('button', { name: 'Create Role' }).click();
  await expectToast(admin, 'Missing Information', 'Please fill in all required fields');
  await admin.getByLabel('Role ID').fill(ROLE_ID);
  await admin.getByLabel('Role Title').fill(ROLE_TITLE);
  await admin.getByLabel('Level (1-10)').fill('6');
  await admin.getByLabel('Department', { exact: true }).selectOption({ label: DEPARTMENT });
  await admin.getByLabel('Amount Limit (USD)').fill('750000');
  await admin.getByRole('button', { name: 'Create Role' }).click();
  await expectToast(admin, 'Role Created', `${ROLE_TITLE} role has been created successfully`);
  const roleRow = admin.getByRole('table', { name: 'Roles' }).getByRole('row', { name: new RegExp(ROLE_TITLE) });
  await expect(roleRow).toContainText(DEPARTMENT);
  await expect(roleRow).toContainText('$750,000.00');
  await expect(admin.getByLabel('Role ID')).toHaveValue('');
  await expect(admin.getByLabel('Amount Limit (USD)')).toHaveValue('');
  await dismissToasts(admin);
  await admin.screenshot({ path: `${SHOTS}/roles-roles.png`, fullPage: true });

  // Assignments: pick a real user from the search; dual control makes it wait for two approvers.
  await admin.getByRole('tab', { name: 'Assignments' }).click();
  await admin.getByRole('button', { name: 'Assign Role' }).click();
  await expectToast(admin, 'Missing Information', 'Please select both a user and a role');
  await admin.getByLabel('User', { exact: true }).fill('investor2');
  await admin
    .getByRole('listbox', { name: 'Matching users' })
    .getByRole('button', { name: /Grace Liu/ })
    .click();
  await expect(admin.getByTestId('selected-user')).toContainText('investor2@meridian.test');
  await admin.getByLabel('Role', { exact: true }).selectOption(ROLE_ID);
  await admin.getByRole('button', { name: 'Assign Role' }).click();
  await expectToast(admin, 'Request Submitted', /needs 2 approvers/);
  await dismissToasts(admin);

  const summary = new RegExp(`Assign ${ROLE_TITLE} to investor2@meridian\\.test`);
  const admin2 = await openAs(browser, 'admin2@meridian.test');
  await approve(admin2, summary, /1 of 2 approvals/);
  const admin3 = await openAs(browser, 'admin3@meridian.test');
  await approve(admin3, summary, /approved and applied/);

  await admin.reload();
  await admin.getByRole('tab', { name: 'Assignments' }).click();
  const assignment = admin
    .getByRole('table', { name: 'Active assignments' })
    .getByRole('row', { name: new RegExp(`investor2@meridian.test.*${ROLE_TITLE}`) });
  await expect(assignment).toBeVisible();
  await expect(assignment).toContainText('{');
  await admin.screenshot({ path: `${SHOTS}/roles-assignments.png`, fullPage: true });

  // Permissions: an investor asks for a multi-signature permission; two distinct approvers grant it.
  const investor = await openAs(browser, 'investor@meridian.test');
  await expect(investor.getByRole('tab', { name: 'Audit Trail' })).toHaveCount(0);
  await investor.getByRole('tab', { name: 'Permissions' }).click();
  await expect(
    investor.getByRole('table', { name: 'System permissions' }).getByRole('row', { name: /Manage Custody/ }),
  ).toContainText('Multi-Sig');
  await investor.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(investor, 'Missing Information', 'Please fill in all required fields for permission request');
  await investor.getByLabel('Permission', { exact: true }).selectOption('manage_custody');
  await expect(investor.getByLabel('Duration (hours)')).toHaveValue('4');
  await expect(investor.getByLabel('Urgency')).toHaveValue('medium');
  await investor.getByLabel('Reason').fill('Cover the custody desk during the audit week');
  await investor.getByLabel('Justification').fill('Both custodians are on leave; desk head agreed.');
  await investor.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(investor, 'Request Submitted', 'Your permission elevation request has been submitted for approval');
  await expect(investor.getByLabel('Reason')).toHaveValue('');
  await dismissToasts(investor);
  await investor.screenshot({ path: `${SHOTS}/roles-permissions.png`, fullPage: true });

  const elevation = /investor@meridian\.test requests manage_custody/;
  await approve(admin2, elevation, /1 of 2 approvals/);
  await approve(admin3, elevation, /approved and applied/);
  await investor.reload();
  const mine = investor.getByRole('list', { name: 'Recent elevation requests' }).getByRole('listitem');
  await expect(mine.filter({ hasText: 'manage_custody' }).first()).toContainText('approved');
  const held = await investor.request.get('/api/role-management/my-permissions');
  expect(JSON.stringify(await held.json())).toContain('manage_custody');

  // Revoke the approved assignment.
  await assignment.getByRole('button', { name: /^Revoke / }).click();
  await expectToast(admin, 'Role Revoked');
  await expect(assignment).toHaveCount(0);
  await dismissToasts(admin);

  // The audit trail shows each of those changes, newest first.
  await admin.getByRole('tab', { name: 'Audit Trail' }).click();
  await admin.getByLabel('Action', { exact: true }).fill('access.');
  const trail = admin.getByRole('table', { name: 'Audit trail' });
  for (const action of [
    'access.assignment.revoke',
    'access.approval.approve',
    'access.assignment.create',
    'access.elevation.request',
    'access.department.create',
    'access.role.create',
  ])
    await expect(trail.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  await expect(trail.getByRole('row', { name: /access\.assignment\.revoke/ }).first()).toContainText(
    'admin@meridian.test',
  );
  await admin.screenshot({ path: `${SHOTS}/roles-audit.png`, fullPage: true });
});
