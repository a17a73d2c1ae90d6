import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';
import { approve, dismissToasts, toast } from './support/roles';

/**
 * Issue 10 §3 for issuance (decisions 0049, 0078): the seeded Junior Issuer (supervised, Capital
 * Markets, level 3) issues through the wizard above the role's own limit ($25,000,000.00, far
 * under create_instruments' $500,000,000.00 catalogue cap). The wizard shows "Sent for
 * Approval", not a failure, and nothing is issued; the approval is routed to the Senior Issuer
 * of the same desk (level 7, may approve) only, who approves it on /roles; the junior submits
 * again and the instrument is created.
 */
const JUNIOR = 'junior.issuer@meridian.test';
const SENIOR = 'senior.issuer@meridian.test';
const SHOTS = 'e2e/artifacts';
const NOTIONAL = '30000000';
const NOTIONAL_TEXT = '$30,000,000.00';

const plusYears = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
};
const stepHeading = (page: Page, number: number, title: string) =>
  page.getByRole('heading', { name: `Step ${number} of 5: ${title}` });

async function pendingApprovalIds(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/role-management/approvals/pending');
  expect(response.ok(), `pending approvals answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { id: string }[]).map((a) => a.id);
}

test('a junior issuer over the role limit is sent to the senior issuer, who approves; then it issues', async ({
  browser,
}) => {
  // Three browsers and a five-step wizard: 2.6 min on a 2-core machine at load average 30.
  test.setTimeout(300_000);
  const name = `E2E Supervised Notes ${Date.now()}`;
  const junior = await (await browser.newContext()).newPage();
  await signInViaApi(junior, JUNIOR);
  await junior.goto('/create-instrument');

  await expect(stepHeading(junior, 1, 'Contract Type')).toBeVisible({ timeout: 30_000 });
  await junior.getByRole('radio', { name: /^PAM/ }).click();
  await junior.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(junior, 2, 'Basic Information')).toBeVisible();
  await junior.getByLabel('Instrument name').fill(name);
  await junior.getByLabel('Description').fill('Five-year senior notes above the junior desk limit.');
  await junior.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(junior, 3, 'Financial Terms')).toBeVisible();
  await junior.getByLabel(/Notional amount/).fill(NOTIONAL);
  await junior.getByLabel('Maturity date').fill(plusYears(5));
  await junior.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(junior, 4, 'Interest Terms')).toBeVisible();
  await junior.getByLabel('Interest rate (%)').fill('4.5');
  await junior.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(junior, 5, 'Review and Submit')).toBeVisible();
  await junior.getByRole('button', { name: 'Create Instrument' }).click();

  // Sent for approval: its own state on the review step, with a neutral toast.
  const notice = junior.getByTestId('sent-for-approval');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Sent for Approval');
  await expect(notice).toContainText(
    `Sent to your supervisor for approval: ${NOTIONAL_TEXT} under create_instruments is above the Junior Issuer limit`,
  );
  await expect(notice).toContainText('The instrument was not created');
  const approvalId = await notice.getAttribute('data-approval-id');
  expect(approvalId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(notice).toContainText(approvalId!.slice(0, 8));
  await expect(toast(junior).filter({ hasText: 'Sent for Approval' })).toBeVisible();
  await expect(toast(junior).filter({ hasText: /Failed|Error/ })).toHaveCount(0);
  await expect(junior).toHaveURL('/create-instrument');
  await junior.evaluate(() => window.scrollTo(0, 0));
  await junior.screenshot({ path: `${SHOTS}/issuance-sent-for-approval.png`, fullPage: true });

  // Nothing was issued.
  const listed = (await (await junior.request.get('/api/instruments')).json()) as { name: string }[];
  expect(listed.filter((i) => i.name === name)).toEqual([]);

  // Routed to the junior's supervisor only: an administrator does not get it.
  const admin = await (await browser.newContext()).newPage();
  await signInViaApi(admin, 'admin@meridian.test');
  expect(await pendingApprovalIds(admin)).not.toContain(approvalId);

  // The senior issuer approves it on /roles.
  const senior = await (await browser.newContext()).newPage();
  await signInViaApi(senior, SENIOR);
  expect(await pendingApprovalIds(senior)).toContain(approvalId);
  await senior.goto('/roles');
  await expect(senior.getByRole('heading', { name: 'Role Management' })).toBeVisible({ timeout: 30_000 });
  await senior.screenshot({ path: `${SHOTS}/issuance-supervisor-pending.png`, fullPage: true });
  await approve(
    senior,
    new RegExp(
      `junior\\.issuer@meridian\\.test \\(Junior Issuer, supervised\\) asks to use \\$30,000,000\\.00 under create_instruments`,
    ),
    /approved and applied/,
  );
  expect(await pendingApprovalIds(senior)).not.toContain(approvalId);

  // Approved: the same issue, submitted again from the wizard, is created.
  await dismissToasts(junior);
  await junior.getByRole('button', { name: 'Create Instrument' }).click();
  await expect(junior).toHaveURL('/issuer');
  await expect(toast(junior).filter({ hasText: 'Instrument Created' })).toBeVisible();
  const row = junior.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(NOTIONAL_TEXT);
  await junior.screenshot({ path: `${SHOTS}/issuance-after-approval.png`, fullPage: true });
});
