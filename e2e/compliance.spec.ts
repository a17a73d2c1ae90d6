import { expect, test, type Download } from '@playwright/test';
import { signInViaApi } from './support/auth';

const today = () => new Date().toISOString().slice(0, 10);

test.describe('/compliance', () => {
  test('validates, generates an XBRL report in its native XBRL, shows it complete and downloads it', async ({
    page,
  }) => {
    await signInViaApi(page, 'regulator@meridian.test');
    await page.goto('/compliance');
    await expect(page.getByRole('heading', { name: 'Compliance & Regulatory Reporting' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Risk Dashboard' })).toHaveAttribute('href', '/risk');
    await expect(
      page.getByText('No reports generated yet. Generate your first compliance report above.'),
    ).toBeVisible();
    await expect(page.getByTestId('counter-total')).toHaveText('0');

    // Defaults: monthly, JSON, the previous month.
    await expect(page.getByLabel('Period')).toHaveValue('monthly');
    await expect(page.getByLabel('Format')).toHaveValue('JSON');
    await expect(page.getByLabel('Start Date')).toHaveValue(/^\d{4}-\d\d-01$/);

    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(toast).toContainText(/Validation Error[\s\S]*Please select a report type and date range\./);

    await page.getByRole('button', { name: 'Select XBRL' }).click();
    await expect(page.getByLabel('Report Type')).toHaveValue('XBRL');
    await page.getByLabel('Period').selectOption('daily');
    await page.getByLabel('Start Date').fill(today());
    await page.getByLabel('End Date').fill(today());
    await page.getByLabel('Format').selectOption('XBRL');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(toast).toContainText('Report Generation Started');

    const row = page.getByTestId('report-row').first();
    await expect(row).toContainText('XBRL');
    await expect(row.getByText('completed')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('counter-completed')).toHaveText('1');
    await page.screenshot({ path: 'e2e/artifacts/compliance-completed.png', fullPage: true });

    // SPEC §7: the download opens in a new tab, which receives the file.
    const downloadPromise = new Promise<Download>((resolve) =>
      page.context().on('page', (tab) => tab.on('download', resolve)),
    );
    await row.getByRole('button', { name: 'Download' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`XBRL_${today()}_${today()}.xbrl`);
    await expect(toast).toContainText('Download Started');
    const body = await (await page.request.get(download.url())).text();
    // Seeded organisations hold cash: the instance carries their balance-sheet facts.
    expect(body).toContain('<xbrli:xbrl ');
    expect(body).toMatch(/<mrd:Cash contextRef="c\d+" unitRef="USD" decimals="2">\d+\.\d\d<\/mrd:Cash>/);
  });
});
