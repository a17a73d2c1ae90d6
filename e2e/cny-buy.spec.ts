import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';

/**
 * Issue 13 §4: a user who holds no yuan gets CNY by converting USD on /investor (ECB rate) and
 * then buys a CNY instrument on /trading against the book's best offer: the order fills, CNY
 * cash falls by what the fill cost, and the units are in the portfolio. The seller (Demo User,
 * an issuer) lists a CNY bond and offers units of it through the API first.
 */
const SELLER = 'demo@meridian.test';
const BUYER = 'marketmaker@meridian.test';
const QUANTITY = 1;

type Instrument = { id: string; name: string; currency: string };
type Book = { asks: { price: string; quantity: number }[] };
type Portfolio = {
  cash: { currency: string; available: string }[];
  positions: { instrumentId: string; units: number }[];
};
type Order = { id: string; instrumentId: string; status: string; filledQuantity: number; averagePrice: string | null };
type Rates = { rates: { currency: string; rate: string }[] };

const toMinor = (decimal: string) => {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const minor = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -minor : minor;
};

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const cashOf = (p: Portfolio, currency: string) =>
  toMinor(p.cash.find((c) => c.currency === currency)?.available ?? '0');
const unitsOf = (p: Portfolio, id: string) => p.positions.find((x) => x.instrumentId === id)?.units ?? 0;

test('converts USD to CNY, then buys a CNY instrument end to end', async ({ browser, page }) => {
  test.setTimeout(240_000);
  // The offer: a new CNY bond (10,000 units of CNY 100.00), 5 units offered at CNY 100.00.
  const seller = await (await browser.newContext()).newPage();
  await signInViaApi(seller, SELLER);
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const maturity = new Date(Date.UTC(now.getUTCFullYear() + 2, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const issued = await seller.request.post('/api/instruments', {
    data: {
      contractType: 'PAM',
      name: `Yuan Note 2.5% ${Date.now()}`,
      notionalAmount: 1_000_000,
      currency: 'CNY',
      issueDate: today,
      maturityDate: maturity,
      interestRate: 2.5,
      paymentFrequency: 'P1Y',
      dayCountConvention: 'A/365',
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const instrument = (await issued.json()) as Instrument;
  expect(instrument.currency).toBe('CNY');
  const offer = await seller.request.post('/api/orders', {
    data: { instrumentId: instrument.id, orderType: 'sell', type: 'limit', quantity: 5, price: '100.00' },
  });
  expect(offer.status(), await offer.text()).toBe(201);

  await signInViaApi(page, BUYER);
  const book = await getJson<Book>(page, `/api/instruments/${instrument.id}/orderbook?depth=1`);
  const ask = toMinor(book.asks[0]!.price);

  const before = await getJson<Portfolio>(page, '/api/portfolio/analytics');
  const cnyBefore = cashOf(before, 'CNY');
  const unitsBefore = unitsOf(before, instrument.id);
  // Enough USD for the offer with room for the market moving: twice the cost, in whole dollars.
  const cnyPerUsd = Number(
    (await getJson<Rates>(page, '/api/fx/rates?base=USD')).rates.find((r) => r.currency === 'CNY')!.rate,
  );
  const usd = Math.ceil(((Number(ask) / 100) * QUANTITY * 2) / cnyPerUsd) + 1;

  // 1. Get yuan: Convert currency on /investor, USD → CNY.
  await page.goto('/investor');
  await page.getByRole('button', { name: 'Convert currency' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert currency' });
  await dialog.getByLabel('From currency').click();
  await page.getByRole('option', { name: 'USD', exact: true }).click();
  await dialog.getByLabel('To currency').click();
  await page.getByRole('option', { name: 'CNY', exact: true }).click();
  await dialog.getByLabel('Amount (USD)').fill(usd.toLocaleString('en-US'));
  await dialog.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Currency converted');
  const converted = await getJson<Portfolio>(page, '/api/portfolio/analytics');
  expect(cashOf(converted, 'CNY')).toBeGreaterThan(cnyBefore);

  // 2. Buy it on /trading: a market buy, confirmed with the keyboard.
  await page.goto(`/trading?instrument=${instrument.id}`);
  const form = page.getByTestId('place-order');
  await expect(form.getByText(instrument.name)).toBeVisible({ timeout: 60_000 });
  await form.getByRole('radio', { name: 'Buy' }).click();
  await form.getByLabel('Quantity').fill(String(QUANTITY));
  await form.getByLabel('Quantity').press('Enter');
  const confirmation = form.getByTestId('order-confirmation');
  await expect(confirmation.getByRole('button', { name: 'Confirm Buy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('filled', { timeout: 30_000 });
  await page.screenshot({ path: 'e2e/artifacts/cny-buy.png', fullPage: true });

  // 3. The order filled at CNY prices, CNY cash paid for it, the units are held.
  const [order] = (await getJson<Order[]>(page, '/api/orders/my?limit=1')).filter(
    (o) => o.instrumentId === instrument.id,
  );
  expect(order).toMatchObject({ status: 'filled', filledQuantity: QUANTITY });
  const after = await getJson<Portfolio>(page, '/api/portfolio/analytics');
  expect(unitsOf(after, instrument.id)).toBe(unitsBefore + QUANTITY);
  const paid = cashOf(converted, 'CNY') - cashOf(after, 'CNY');
  expect(paid).toBe(toMinor(order!.averagePrice!) * BigInt(QUANTITY));
});
