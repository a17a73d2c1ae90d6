import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';

/**
 * Servicing seen by a holder: on a fresh install the Demo User held the monthly Vireo
 * Equipment Lease Annuity before two past record dates (seed `serviced-holding`), and the
 * start-up servicing run paid both instalments (interest and principal each) through the
 * ledger. The payments show in Recent Transactions on / and /investor, and the instrument's
 * Events panel shows them paid beside the scheduled dates still to come.
 *
 * The file name sorts first on purpose: Playwright runs files in name order on one worker and
 * one server, and later specs trade as the Demo User, whose newer trades would push these
 * payments out of the newest-first Recent Transactions.
 */
const ARTIFACTS = 'e2e/artifacts';
const LISTING = /Vireo Equipment Lease Annuity \d{4}/;
const SLOW = { timeout: 90_000 };

type Payment = {
  id: string;
  instrumentId: string;
  instrumentName: string;
  eventType: string;
  amount: string;
  status: string;
};
type Events = {
  events: {
    eventType: string;
    status: string;
    paidAmount: string | null;
    ownAmount: string | null;
    scheduledAmount: string;
  }[];
};

const usd = (decimal: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(decimal as unknown as number);

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

test('a holder sees the instalments paid to them and the Events panel, scheduled vs paid', async ({ page }) => {
  test.setTimeout(300_000);
  await signInViaApi(page);
  // The start-up run pays before the server is ready for long; wait for its result through the API.
  let paid: Payment[] = [];
  await expect
    .poll(
      async () => {
        paid = (await getJson<Payment[]>(page, '/api/servicing/payments/my')).filter(
          (p) => LISTING.test(p.instrumentName) && p.status === 'completed',
        );
        return paid.length;
      },
      { timeout: 60_000 },
    )
    .toBe(4);
  const [newest] = paid;

  // Landing page: Recent Transactions lists the coupon and principal payments with their amounts.
  await page.goto('/');
  const landing = page.getByRole('table').filter({ hasText: 'Coupon' });
  // This machine is shared and loaded: the first render of each page gets a generous budget.
  await expect(landing.getByRole('row').filter({ hasText: 'Coupon' }).first()).toContainText(LISTING, SLOW);
  await expect(landing.getByRole('row').filter({ hasText: 'Principal' }).first()).toBeVisible();
  await expect(landing.getByText(usd(newest!.amount)).first()).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/servicing-landing.png`, fullPage: true });

  // /investor: the same rows from the same entity.
  await page.goto('/investor');
  // The first risk computation for a portfolio takes a while on a loaded machine.
  await expect(page.getByTestId('portfolio-value')).toBeVisible(SLOW);
  const recent = page.getByRole('table').filter({ hasText: 'Coupon' });
  await expect(recent.getByRole('row').filter({ hasText: 'Coupon' }).first()).toContainText('completed', SLOW);
  await expect(recent.getByText(usd(newest!.amount)).first()).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/servicing-investor.png`, fullPage: true });

  // Instrument page: the Events panel shows paid events, the holder's own share and what is still scheduled.
  await page.goto(`/instruments/${newest!.instrumentId}`);
  const panel = page.getByRole('table', { name: 'Payment events' });
  await expect(panel).toBeVisible(SLOW);
  const view = await getJson<Events>(page, `/api/instruments/${newest!.instrumentId}/events`);
  const paidEvents = view.events.filter((e) => e.status === 'paid');
  const mine = view.events.filter((e) => e.ownAmount !== null);
  expect(mine).toHaveLength(4);
  await expect(page.getByTestId('events-paid')).toHaveText(new RegExp(`^${paidEvents.length} of \\d+ due$`));
  await expect(panel.locator('tr[data-status="paid"]')).toHaveCount(paidEvents.length);
  await expect(panel.locator('tr[data-status="scheduled"]').first()).toBeVisible();
  for (const e of mine)
    await expect(panel.getByRole('cell', { name: usd(e.ownAmount!), exact: true }).first()).toBeVisible();
  await panel.locator('tr[data-status="paid"]').last().scrollIntoViewIfNeeded();
  await page.getByRole('heading', { name: 'Events' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/servicing-events.png` });
});
