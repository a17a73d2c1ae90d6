import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';

/**
 * Two demo users in two browsers trade against each other on /trading: a limit sell rests,
 * a market buy crosses it, and both screens show the fill, the emptied book, the new candle
 * and the moved balances without a reload — through the live stream.
 */
const ARTIFACTS = 'e2e/artifacts';
// The seed credits issued units to their issuers (Demo User issues for Meridian Markets);
// investors start with cash only.
const SELLER = 'demo@meridian.test';
const BUYER = 'investor@meridian.test';
const QUANTITY = 5;
/** Live updates must arrive this fast; the spec's polling fallback is off while the stream is live. */
const LIVE_MS = 2_000;

type Book = { bids: { price: string; quantity: number }[]; asks: { price: string; quantity: number }[] };
type Holding = { instrumentId: string; instrumentName: string; currency: string; units: number; reservedUnits: number };
type Portfolio = {
  cash: { currency: string; available: string }[];
  positions: Holding[];
  /** Unsold units of the user's own issues, listed apart from bought positions. */
  issuedInventory?: Holding[];
};
/** Everything the user holds: bought positions and unsold own issues. */
const holdingsOf = (portfolio: Portfolio) => [...portfolio.positions, ...(portfolio.issuedInventory ?? [])];
type Instrument = { id: string; name: string; currency: string; price: string | null };

const toMinor = (decimal: string) => {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};
const fromMinor = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
/** As the screen shows money: en-US, 2 decimals (Intl formats the decimal string exactly). */
const money = (minor: bigint, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    fromMinor(minor) as unknown as number,
  );

async function openTrader(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, email);
  return page;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

// Other specs share this server and may leave the same user with resting orders: count relative to now.
async function openOrderCount(page: Page): Promise<number> {
  const orders = await getJson<{ status: string }[]>(page, '/api/orders/my');
  return orders.filter((order) => order.status === 'open').length;
}

const cashOf = (portfolio: Portfolio, currency: string) =>
  toMinor(portfolio.cash.find((c) => c.currency === currency)?.available ?? '0');

/**
 * An instrument the seller holds, priced in a currency the buyer has cash in. The price rests just inside any existing ask and above any bid,
 * so the market buy takes exactly the seller's order.
 */
async function pickInstrument(seller: Page, buyer: Page): Promise<{ instrument: Instrument; price: bigint }> {
  const instruments = await getJson<Instrument[]>(seller, '/api/instruments');
  const holdings = await getJson<Portfolio>(seller, '/api/portfolio/analytics');
  const buyerCash = await getJson<Portfolio>(buyer, '/api/portfolio/analytics');
  for (const instrument of instruments) {
    const held = holdingsOf(holdings).find((p) => p.instrumentId === instrument.id);
    if (!held || held.units - held.reservedUnits < QUANTITY) continue;
    const book = await getJson<Book>(seller, `/api/instruments/${instrument.id}/orderbook?depth=8`);
    const bestAsk = book.asks[0] ? toMinor(book.asks[0].price) : null;
    const bestBid = book.bids[0] ? toMinor(book.bids[0].price) : 0n;
    const base = instrument.price && !instrument.price.startsWith('-') ? toMinor(instrument.price) : 10_000n;
    const price = bestAsk !== null ? bestAsk - 1n : base > bestBid ? base : bestBid + 100n;
    if (price <= bestBid || price <= 0n) continue;
    if (cashOf(buyerCash, instrument.currency) < price * BigInt(QUANTITY)) continue;
    return { instrument, price };
  }
  throw new Error('the seller holds no instrument the buyer can pay for');
}

/** Opens /trading and selects the instrument in Market Watch (searched by name); the URL keeps it. */
async function selectInstrument(page: Page, instrument: Instrument) {
  await page.goto('/trading');
  await expect(page.getByRole('heading', { name: 'Trading Interface' })).toBeVisible();
  await expect(page.getByTestId('stream-status')).toHaveText('Live');
  await page.getByRole('searchbox', { name: 'Search Market Watch' }).fill(instrument.name);
  await page.getByTestId('market-watch-row').filter({ hasText: instrument.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]instrument=${instrument.id}`));
  await expect(page.getByTestId('place-order').getByText(instrument.name)).toBeVisible();
}

/** Sends the order with its button, confirming when the panel asks (a large share of what is available). */
async function placeOrder(form: Locator, button: string) {
  await form.getByRole('button', { name: button }).click();
  const confirmation = form.getByTestId('order-confirmation');
  const asked = await confirmation.waitFor({ state: 'visible', timeout: 1_500 }).then(
    () => true,
    () => false,
  );
  if (asked) await confirmation.getByRole('button', { name: /^Confirm/ }).click();
}

/** Units traded in the chart's window, as its description states (0 before the first trade). */
async function chartUnits(page: Page): Promise<number> {
  const text = (await page.getByTestId('chart-description').textContent()) ?? '';
  const match = /· ([\d,]+) units/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, '')) : 0;
}

/** Closes the visible toast so screenshots show the panels beneath it. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Close' });
  // The toast may be closing by itself (5 s) while we click: then it is gone anyway.
  if ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(close).toHaveCount(0, { timeout: 6_000 });
}

test('a limit sell and a crossing market buy: both traders see the fill live', async ({ browser }) => {
  // Two browsers and a dozen live checks: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const seller = await openTrader(browser, SELLER);
  const buyer = await openTrader(browser, BUYER);
  const { instrument, price } = await pickInstrument(seller, buyer);
  const notional = price * BigInt(QUANTITY);
  const usd = (minor: bigint) => money(minor, instrument.currency);
  const priceText = usd(price);
  const sellerCash = cashOf(await getJson<Portfolio>(seller, '/api/portfolio/analytics'), instrument.currency);
  const buyerCash = cashOf(await getJson<Portfolio>(buyer, '/api/portfolio/analytics'), instrument.currency);
  const unitsBefore = async (page: Page) =>
    holdingsOf(await getJson<Portfolio>(page, '/api/portfolio/analytics')).find((p) => p.instrumentId === instrument.id)
      ?.units ?? 0;
  const sellerUnits = await unitsBefore(seller);
  const buyerUnits = await unitsBefore(buyer);

  await selectInstrument(seller, instrument);
  await selectInstrument(buyer, instrument);
  // The chart has loaded: either its empty state or the drawn candles.
  const chart = buyer.getByTestId('price-chart');
  await expect(chart.getByText('No trades yet').or(chart.getByTestId('price-chart-canvas'))).toBeVisible();
  const chartBefore = await chartUnits(buyer);
  await seller.screenshot({ path: `${ARTIFACTS}/trading-before.png`, fullPage: true });

  // The seller rests a limit sell.
  const form = seller.getByTestId('place-order');
  await form.getByRole('radio', { name: 'Sell' }).click();
  await form.getByLabel('Order Type').click();
  await seller.getByRole('option', { name: 'Limit' }).click();
  await form.getByLabel('Quantity').fill(String(QUANTITY));
  await form.getByLabel(/^Price/).fill(fromMinor(price));
  await expect(form.getByTestId('estimated-total')).toHaveText(usd(notional));
  await placeOrder(form, 'Place Sell Order');
  await expect(seller.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Order Placed');

  const newest = (page: Page) => page.getByTestId('recent-order').first();
  await expect(newest(seller)).toHaveAttribute('data-status', 'open');
  // Both books show the ask at once; the buyer never reloads.
  for (const page of [seller, buyer]) {
    await expect(page.getByTestId('book-ask').filter({ hasText: priceText }).first()).toContainText(String(QUANTITY), {
      timeout: LIVE_MS,
    });
  }

  // The buyer's market buy crosses it, from the keyboard: Enter asks for confirmation (every
  // market order does), focus lands on Confirm, Enter again sends it.
  const buyForm = buyer.getByTestId('place-order');
  await buyForm.getByLabel('Quantity').fill(String(QUANTITY));
  await buyForm.getByLabel('Quantity').press('Enter');
  const confirmation = buyForm.getByTestId('order-confirmation');
  await expect(confirmation).toContainText(`Confirm market buy of ${QUANTITY} units`);
  await expect(confirmation.getByRole('button', { name: 'Confirm Buy' })).toBeFocused();
  await buyer.screenshot({ path: `${ARTIFACTS}/trading-confirm-market-order.png` });
  await buyer.keyboard.press('Enter');
  const clickedAt = Date.now();
  await expect(newest(seller)).toHaveAttribute('data-status', 'filled', { timeout: LIVE_MS });
  test
    .info()
    .annotations.push({ type: 'fill seen by the seller after (ms)', description: String(Date.now() - clickedAt) });
  await expect(buyer.getByRole('region', { name: 'Notifications (F8)' })).toContainText('filled');

  for (const page of [seller, buyer]) {
    await expect(newest(page)).toHaveAttribute('data-status', 'filled', { timeout: LIVE_MS });
    await expect(page.getByTestId('book-ask').filter({ hasText: priceText })).toHaveCount(0, { timeout: LIVE_MS });
    await expect(page.getByTestId('price-chart-canvas')).toBeVisible({ timeout: LIVE_MS });
    await expect.poll(() => chartUnits(page), { timeout: LIVE_MS }).toBe(chartBefore + QUANTITY);
    await expect(page.getByTestId('market-watch-row').filter({ hasText: instrument.name })).toContainText(priceText, {
      timeout: LIVE_MS,
    });
  }
  await expect(seller.getByTestId('available-balance')).toHaveText(usd(sellerCash + notional), { timeout: LIVE_MS });
  await expect(buyer.getByTestId('available-balance')).toHaveText(usd(buyerCash - notional), { timeout: LIVE_MS });

  // The ledger moved exactly: cash one way, units the other.
  expect(cashOf(await getJson<Portfolio>(seller, '/api/portfolio/analytics'), instrument.currency)).toBe(
    sellerCash + notional,
  );
  expect(cashOf(await getJson<Portfolio>(buyer, '/api/portfolio/analytics'), instrument.currency)).toBe(
    buyerCash - notional,
  );
  expect(await unitsBefore(seller)).toBe(sellerUnits - QUANTITY);
  expect(await unitsBefore(buyer)).toBe(buyerUnits + QUANTITY);

  for (const [page, name] of [
    [seller, 'seller'],
    [buyer, 'buyer'],
  ] as const) {
    await dismissToasts(page);
    await page.screenshot({ path: `${ARTIFACTS}/trading-${name}-after.png`, fullPage: true });
  }
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: `${ARTIFACTS}/trading-mobile.png`, fullPage: true });
  await seller.context().close();
  await buyer.context().close();
});

test('an open limit order reserves cash until it is cancelled from Recent Orders', async ({ browser }) => {
  const trader = await openTrader(browser, BUYER);
  const holdings = await getJson<Portfolio>(trader, '/api/portfolio/analytics');
  const instruments = (await getJson<Instrument[]>(trader, '/api/instruments')).slice(0, 12);
  // A Market Watch instrument priced in a currency the trader holds cash in.
  const instrument = instruments.find((i) => cashOf(holdings, i.currency) > 0n);
  const book = await getJson<Book>(trader, `/api/instruments/${instrument!.id}/orderbook?depth=8`);
  // One tick above the best bid (or 0.01 on an empty side), never reaching an ask: it rests.
  const price = (book.bids[0] ? toMinor(book.bids[0].price) : 0n) + 1n;
  expect(book.asks[0] ? toMinor(book.asks[0].price) > price : true).toBe(true);
  const reserved = price * 3n;
  const usd = (minor: bigint) => money(minor, instrument!.currency);
  const cash = cashOf(holdings, instrument!.currency);
  const openBefore = await openOrderCount(trader);

  await selectInstrument(trader, instrument!);
  const form = trader.getByTestId('place-order');
  await form.getByLabel('Order Type').click();
  await trader.getByRole('option', { name: 'Limit' }).click();
  await form.getByLabel('Quantity').fill('3');
  await form.getByLabel(/^Price/).fill(fromMinor(price));
  await placeOrder(form, 'Place Buy Order');

  const order = trader.getByTestId('recent-order').first();
  await expect(order).toHaveAttribute('data-status', 'open');
  await expect(trader.getByTestId('open-orders')).toHaveText(String(openBefore + 1));
  await expect(trader.getByTestId('book-bid').first()).toContainText(usd(price), { timeout: LIVE_MS });
  await expect(trader.getByTestId('available-balance')).toHaveText(usd(cash - reserved), { timeout: LIVE_MS });

  await order.getByRole('button', { name: /^Cancel order/ }).click();
  await expect(trader.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Order Cancelled');
  await expect(order).toHaveAttribute('data-status', 'cancelled');
  await expect(trader.getByTestId('open-orders')).toHaveText(String(openBefore));
  await expect(trader.getByTestId('book-bid').filter({ hasText: usd(price) })).toHaveCount(0, { timeout: LIVE_MS });
  await expect(trader.getByTestId('available-balance')).toHaveText(usd(cash), { timeout: LIVE_MS });
  await trader.context().close();
});

test('order entry follows SPEC §4/§5/§8: disabled until ready, Invalid Order, Order Failed with the server message', async ({
  browser,
}) => {
  const trader = await openTrader(browser, BUYER);
  const holdings = await getJson<Portfolio>(trader, '/api/portfolio/analytics');
  const instruments = (await getJson<Instrument[]>(trader, '/api/instruments')).slice(0, 12);
  // Something the trader does not hold, so a sell is refused by the ledger.
  const instrument = instruments.find((i) => !holdingsOf(holdings).some((p) => p.instrumentId === i.id && p.units > 0));
  const openBefore = await openOrderCount(trader);
  await selectInstrument(trader, instrument!);
  const form = trader.getByTestId('place-order');
  const toasts = trader.getByRole('region', { name: 'Notifications (F8)' });

  await form.getByRole('radio', { name: 'Sell' }).click();
  const submit = form.getByRole('button', { name: 'Place Sell Order' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('Order Type').click();
  await trader.getByRole('option', { name: 'Limit' }).click();
  await form.getByLabel('Quantity').fill('2');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toasts).toContainText('Invalid Order');
  await expect(toasts).toContainText('Please fill in all required fields');
  // The field itself says what is missing, and the toast does not cover the panel.
  await expect(form.getByRole('alert')).toHaveText('Enter a limit price');
  await expect(form.getByLabel(/^Price/)).toHaveAttribute('aria-invalid', 'true');
  const panel = await form.boundingBox();
  const toast = await toasts.locator('li').first().boundingBox();
  expect(panel && toast && (toast.y >= panel.y + panel.height || toast.x >= panel.x + panel.width)).toBeTruthy();

  // Numbers as people type them: '1,000' is a thousand.
  await form.getByLabel(/^Price/).fill('1.25');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByLabel('Quantity').fill('1,000');
  await expect(form.getByTestId('estimated-total')).toContainText('1,250.00');
  await form.getByLabel('Quantity').fill('2.5');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Quantity must be a whole number greater than 0');
  await form.getByLabel('Quantity').fill('2');
  await expect(form.getByTestId('estimated-total')).toContainText('2.50');
  // Selling 2 of the 0 units held is more than half of what is available: confirm, then the server refuses.
  await submit.click();
  await expect(form.getByTestId('order-confirmation')).toContainText('more than 50% of your available units');
  await form.getByRole('button', { name: 'Confirm Sell' }).click();
  await expect(toasts).toContainText('Order Failed');
  await expect(toasts).toContainText(
    `Insufficient units: this order needs 2 units of ${instrument!.name}, you have 0 units available`,
  );
  await expect(trader.getByTestId('open-orders')).toHaveText(String(openBefore));
  await trader.context().close();
});

test('every instrument is reachable: Market Watch search and type filter, Trade links, ?instrument= survives a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(page, BUYER);
  const instruments = await getJson<(Instrument & { contractType: string })[]>(page, '/api/instruments');
  // The last listed instrument: one a "first 12" list would never have shown.
  const last = instruments[instruments.length - 1]!;

  await page.goto('/trading');
  const watch = page.getByTestId('market-watch');
  await expect(watch.getByTestId('market-watch-row')).toHaveCount(instruments.length);
  await expect(watch.getByTestId('market-watch-count')).toHaveText(`${instruments.length} instruments`);

  // The type filter keeps exactly the instruments of that contract type.
  await watch.getByLabel('Filter Market Watch by contract type').click();
  await page.getByRole('option', { name: last.contractType, exact: true }).click();
  const ofType = instruments.filter((i) => i.contractType === last.contractType).length;
  await expect(watch.getByTestId('market-watch-row')).toHaveCount(ofType);

  await watch.getByRole('searchbox', { name: 'Search Market Watch' }).fill(last.name);
  await watch.getByTestId('market-watch-row').filter({ hasText: last.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]instrument=${last.id}`));
  await expect(page.getByTestId('place-order').getByText(last.name)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('place-order').getByText(last.name)).toBeVisible();

  await watch.getByRole('searchbox', { name: 'Search Market Watch' }).fill('no instrument is called this');
  await expect(watch.getByText('No instruments match')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/trading-market-watch-filtered.png` });

  // The marketplace row and the instrument page link to the trading screen with the instrument chosen.
  await page.goto('/marketplace');
  await page.getByRole('link', { name: `Trade ${instruments[0]!.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/trading\\?instrument=${instruments[0]!.id}`));
  await expect(page.getByTestId('place-order').getByText(instruments[0]!.name)).toBeVisible();

  await page.goto(`/instruments/${last.id}`);
  await page.getByRole('link', { name: 'Trade', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/trading\\?instrument=${last.id}`));
  await expect(page.getByTestId('place-order').getByText(last.name)).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/trading-from-instrument-page.png` });
});
