import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';

async function openAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaApi(page, email);
  await page.goto('/custodian');
  // A second browser context loads the app cold: slow on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Custodian Dashboard' })).toBeVisible({ timeout: 30_000 });
  return page;
}

test.describe('/custodian', () => {
  // Two custodians, two browser contexts.
  test.describe.configure({ timeout: 240_000 });

  test('shows custody from real data; Process Queue is prepared by one custodian and confirmed by another', async ({
    browser,
  }) => {
    const page = await openAs(browser, 'custodian@meridian.test');
    for (const title of [
      'Assets Under Custody',
      'Total Clients',
      'Security Score',
      'Settlement Queue',
      'Security and Compliance',
      'Asset Breakdown',
      'Risk Metrics',
      'Recent Settlements',
    ])
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Security Panel' })).toHaveAttribute('href', '/compliance');
    await expect(page.getByTestId('assets-under-custody')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(page.getByTestId('security-score')).toHaveText(/^\d+\/100$/);
    for (const control of ['multiSig', 'coldStorage', 'insurance', 'audit'])
      await expect(page.getByTestId(`control-${control}`)).toBeVisible();

    // The seeded T+1/T+2 trades are due: pending in the queue, counted as high or medium priority.
    const due = async () =>
      Number(await page.getByTestId('queue-high').locator('div').first().textContent()) +
      Number(await page.getByTestId('queue-medium').locator('div').first().textContent());
    await expect(page.getByTestId('queue-row').first()).toBeVisible();
    expect(await due()).toBeGreaterThan(0);
    await page.screenshot({ path: 'e2e/artifacts/custodian-queue.png', fullPage: true });

    // Dual control (Custody & Settlement): pressing Process Queue prepares the batch, nothing settles.
    const before = await due();
    await page.getByRole('button', { name: 'Process Queue' }).click();
    await expect(page.getByText('Confirmation Requested', { exact: true })).toBeVisible();
    const mine = page.getByTestId('approval-row').filter({ hasText: 'Process Queue: settle' });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Waiting for another custodian')).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    expect(await due()).toBe(before);
    await page.screenshot({ path: 'e2e/artifacts/custodian-prepared.png', fullPage: true });

    // The second custodian finds it waiting for them and confirms it: the batch settles.
    const second = await openAs(browser, 'custodian2@meridian.test');
    const theirs = second.getByTestId('approval-row').filter({ hasText: 'Process Queue: settle' });
    await expect(theirs).toContainText('requested by custodian@meridian.test', { timeout: 30_000 });
    await second.screenshot({ path: 'e2e/artifacts/custodian-second-signer.png', fullPage: true });
    await theirs.getByRole('button', { name: /^Approve/ }).click();
    // The confirmed batch settles each DvP before answering.
    await expect(second.getByText('Request Approved', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(second.getByText(/\d+ settled, 0 failed/).first()).toBeVisible();
    await expect(theirs).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('queue-high')).toBeVisible({ timeout: 30_000 });
    await expect.poll(due, { timeout: 30_000 }).toBe(0);
    await expect(mine).toHaveCount(0);
    const recent = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'Client' }) });
    await expect(recent.getByRole('cell', { name: 'Meridian Demo Order Flow' }).first()).toBeVisible();
    await expect(recent.getByText('completed').first()).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/custodian-processed.png', fullPage: true });
  });

  test('a large withdrawal waits for a second custodian, who can reject it', async ({ browser }) => {
    const first = await openAs(browser, 'custodian@meridian.test');
    // Over the 1,000,000.00 USD single-signature limit: nothing moves, a second signature is asked for.
    const answer = await first.request.post('/api/custody/deposits', {
      data: { email: 'investor2@meridian.test', currency: 'USD', amount: '1500000.00' },
      headers: { 'idempotency-key': `e2e-large-deposit-${Date.now()}` },
    });
    expect(answer.status()).toBe(202);
    const summary = /Deposit \$1,500,000\.00 to investor2@meridian\.test/;
    const second = await openAs(browser, 'custodian2@meridian.test');
    const row = second.getByTestId('approval-row').filter({ hasText: summary });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: /^Reject/ }).click();
    await expect(second.getByText('Request Rejected', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
