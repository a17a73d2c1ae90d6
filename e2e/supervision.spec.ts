import { expect, test } from '@playwright/test';
import { signInViaApi } from './support/auth';
import { approve } from './support/roles';

/**
 * Decision 0049: an order of a supervised role above its limit is not placed but sent to a
 * supervisor. The order ticket shows that as its own state — "Sent for Approval", with the
 * approval — and not as a failure; the supervisor sees the same approval waiting on /roles.
 */
const TRADER = 'marketmaker@meridian.test';
const SHOTS = 'e2e/artifacts';
// 110,000 units at 100.00 = $11,000,000.00, above the Market Maker limit of $10,000,000.00.
const QUANTITY = 110_000;
const PRICE = '100.00';

type Instrument = { id: string; name: string; currency: string };
type Order = { quantity: number; price: string | null };

test('an over-limit order of a supervised role shows as sent for approval, not as an error', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  await signInViaApi(page, TRADER);
  const instruments = (await (await page.request.get('/api/instruments')).json()) as Instrument[];
  const instrument = instruments.find((i) => i.currency === 'USD');
  expect(instrument, 'a USD instrument is listed').toBeDefined();
  await page.goto(`/trading?instrument=${instrument!.id}`);
  const form = page.getByTestId('place-order');
  await expect(form.getByText(instrument!.name)).toBeVisible({ timeout: 30_000 });

  await form.getByLabel('Order Type').click();
  await page.getByRole('option', { name: 'Limit' }).click();
  await form.getByLabel('Quantity').fill(String(QUANTITY));
  await form.getByLabel(/^Price/).fill(PRICE);
  await form.getByRole('button', { name: 'Place Buy Order' }).click();
  const confirmation = form.getByTestId('order-confirmation');
  const asked = await confirmation.waitFor({ state: 'visible', timeout: 1_500 }).then(
    () => true,
    () => false,
  );
  if (asked) await confirmation.getByRole('button', { name: /^Confirm/ }).click();

  const notice = form.getByTestId('sent-for-approval');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Sent for Approval');
  await expect(notice).toContainText('Sent to your supervisor for approval: $11,000,000.00 under place_orders');
  await expect(notice).toContainText('The order was not placed');
  const approvalId = await notice.getAttribute('data-approval-id');
  expect(approvalId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(notice).toContainText(approvalId!.slice(0, 8));
  // A neutral toast says the same; no 'Order Failed'.
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(toasts.filter({ hasText: 'Sent for Approval' })).toBeVisible();
  await expect(toasts.filter({ hasText: 'Order Failed' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/trading-sent-for-approval.png`, fullPage: true });

  // Nothing was placed.
  const mine = (await (await page.request.get('/api/orders/my')).json()) as Order[];
  expect(mine.filter((o) => o.quantity === QUANTITY && o.price === PRICE)).toEqual([]);

  // The supervisor finds the same request waiting on /roles and approves it.
  const supervisor = await (await browser.newContext()).newPage();
  await signInViaApi(supervisor, 'admin@meridian.test');
  await approve(
    supervisor,
    /marketmaker@meridian\.test \(Market Maker, supervised\) asks to use \$11,000,000\.00/,
    /approved/,
  );
});
