import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';

/**
 * /investor from real positions: the Demo User (issuer for Meridian Markets Ltd) sells two of
 * its listings to Grace Liu (USD and CHF cash); her dashboard shows the figures the API
 * computes, in USD and then in EUR, and a user with nothing sees the empty state.
 */
const ARTIFACTS = 'e2e/artifacts';
const SELLER = 'demo@meridian.test';
const BUYER = 'investor2@meridian.test';
const CUSTODIAN = 'custodian@meridian.test';
const EMPTY_USER = 'regulator@meridian.test';
const QUANTITY = 100;

type Instrument = { id: string; name: string; currency: string; price: string | null; status: string };
type Analytics = {
  currency: string;
  totalPortfolioValue: string;
  totalPnL: string;
  openOrders: number;
  positions: { instrumentName: string; units: number }[];
  fx: { rateDate: string | null; notConverted: string[] };
};
type Risk = { var: { var95: string }; performance: { days: number; benchmark: { name: string } } };

const money = (decimal: string, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(decimal as unknown as number);

async function userPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaApi(page, email);
  return page;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function buyFromDemo(seller: Page, buyer: Page, instrument: Instrument) {
  const sell = await seller.request.post('/api/orders', {
    data: {
      instrumentId: instrument.id,
      orderType: 'sell',
      type: 'limit',
      quantity: QUANTITY,
      price: instrument.price,
    },
  });
  expect(sell.status(), await sell.text()).toBe(201);
  const buy = await buyer.request.post('/api/orders', {
    data: { instrumentId: instrument.id, orderType: 'buy', type: 'market', quantity: QUANTITY },
  });
  expect(buy.status(), await buy.text()).toBe(201);
}

test.describe('/investor', () => {
  test('shows every SPEC card computed from the investor’s own positions', async ({ browser }) => {
    test.setTimeout(300_000);
    const seller = await userPage(browser, SELLER);
    const page = await userPage(browser, BUYER);
    const custodian = await userPage(browser, CUSTODIAN);
    // The buyer may already hold something (the seed's demo market activity): count from there.
    const held = (await getJson<Analytics>(page, '/api/portfolio/analytics')).positions.filter((p) => p.units > 0);
    const listings = (await getJson<Instrument[]>(seller, '/api/instruments/my')).filter(
      (i) => Number(i.price) > 0 && i.status === 'active',
    );
    expect(listings.length).toBeGreaterThanOrEqual(2);
    // The two dearest, so that they weigh visibly beside the cash.
    const bought = listings.sort((a, b) => Number(b.price) - Number(a.price)).slice(0, 2);
    for (const instrument of bought) {
      // The custodian pays in the instrument's currency first: cash in every currency counts.
      const deposit = await custodian.request.post('/api/custody/deposits', {
        data: {
          email: BUYER,
          currency: instrument.currency,
          amount: Math.ceil(Number(instrument.price) * QUANTITY * 2),
        },
      });
      expect(deposit.status(), await deposit.text()).toBeLessThan(300);
      await buyFromDemo(seller, page, instrument);
    }
    await custodian.context().close();

    await page.goto('/investor');
    await expect(page.getByRole('heading', { name: 'Investor Dashboard' })).toBeVisible();
    const api = await getJson<Analytics>(page, '/api/portfolio/analytics');
    const positions = held.length + bought.filter((b) => !held.some((h) => h.instrumentName === b.name)).length;
    expect(api.positions.filter((p) => p.units > 0).length).toBe(positions);
    await expect(page.getByTestId('portfolio-value')).toHaveText(money(api.totalPortfolioValue, 'USD'));
    await expect(page.getByTestId('active-positions')).toHaveText(String(positions));
    await expect(page.getByText(`${api.openOrders} pending order`)).toBeVisible();
    // Cash and positions in other currencies are in the total, converted at the ECB rates: nothing left out.
    await expect(page.getByText(/converted to USD at ECB rates of \d{4}-\d{2}-\d{2}/)).toBeVisible();
    expect(api.fx.notConverted).toEqual([]);
    for (const title of [
      'Portfolio Value',
      'Total P&L',
      'Active Positions',
      'Portfolio Allocation',
      'Holdings Distribution',
      'Performance Metrics',
      'Quick Actions',
      'Market Overview',
      'Risk Metrics',
      'Recent Transactions',
    ])
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    // Allocation from real positions: bonds or derivatives beside the cash, with their shares.
    const allocation = page.getByRole('list', { name: 'Portfolio allocation by asset class legend' });
    await expect(allocation.getByRole('listitem').filter({ hasText: /^Cash\d/ })).toBeVisible();
    await expect(allocation.getByRole('listitem')).not.toHaveCount(1);
    for (const instrument of bought) {
      await expect(
        page
          .getByRole('list', { name: 'Holdings distribution legend' })
          .getByRole('listitem')
          .filter({ hasText: instrument.name }),
      ).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: instrument.name }).first()).toContainText('Buy');
    }
    const risk = await getJson<Risk>(page, '/api/risk/metrics?scope=own&currency=USD');
    await expect(page.getByTestId('investor-var')).toHaveText(money(risk.var.var95, 'USD'));
    await expect(page.getByText('Sharpe ratio')).toBeVisible();
    await expect(page.getByText(`Against the ${risk.performance.benchmark.name}`)).toBeVisible();
    expect(risk.performance.days).toBeGreaterThan(100);
    await expect(page.getByRole('link', { name: 'Explore Market' })).toHaveAttribute('href', '/marketplace');
    await expect(page.getByRole('link', { name: 'Place Order' })).toHaveAttribute('href', '/trading');
    await expect(page.getByRole('link', { name: 'Browse Market' })).toHaveAttribute('href', '/marketplace');
    await page.screenshot({ path: `${ARTIFACTS}/investor-usd.png`, fullPage: true });

    // Cash in another currency: convert USD into CNY at the ECB rate; the balance appears and counts.
    await page.getByRole('button', { name: 'Convert currency' }).click();
    // The buyer holds several currencies now; convert from USD explicitly.
    await page.getByRole('combobox', { name: 'From currency' }).click();
    await page.getByRole('option', { name: 'USD' }).click();
    await page.getByRole('combobox', { name: 'To currency' }).click();
    await page.getByRole('option', { name: 'CNY' }).click();
    await page.getByLabel('Amount (USD)').fill('1,000');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect(page.getByText('Currency converted').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'CNY', exact: true })).toBeVisible();
    const afterConversion = await getJson<Analytics & { cash: { currency: string; total: string }[] }>(
      page,
      '/api/portfolio/analytics',
    );
    expect(Number(afterConversion.cash.find((c) => c.currency === 'CNY')?.total)).toBeGreaterThan(6000);
    expect(afterConversion.fx.notConverted).toEqual([]);
    await expect(page.getByTestId('portfolio-value')).toHaveText(money(afterConversion.totalPortfolioValue, 'USD'));

    // Reporting currency: every total follows, converted by the server.
    await page.getByRole('combobox', { name: 'Reporting currency' }).selectOption('EUR');
    const inEur = await getJson<Analytics>(page, '/api/portfolio/analytics?currency=EUR');
    await expect(page.getByTestId('portfolio-value')).toHaveText(money(inEur.totalPortfolioValue, 'EUR'));
    const riskEur = await getJson<Risk>(page, '/api/risk/metrics?scope=own&currency=EUR');
    await expect(page.getByTestId('investor-var')).toHaveText(money(riskEur.var.var95, 'EUR'));
    await page.screenshot({ path: `${ARTIFACTS}/investor-eur.png`, fullPage: true });

    // The choice holds on the landing page too.
    await page.goto('/');
    await expect(page.getByTestId('portfolio-balance')).toHaveText(money(inEur.totalPortfolioValue, 'EUR'));
    await expect(page.getByText(/in other currencies not included/)).toHaveCount(0);

    // No horizontal scroll on a phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/investor');
    await expect(page.getByTestId('portfolio-value')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/investor-375.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await seller.context().close();
    await page.context().close();
  });

  test('a user with nothing sees the empty state, not a screen of zeros', async ({ browser }) => {
    const page = await userPage(browser, EMPTY_USER);
    await page.goto('/investor');
    await expect(page.getByRole('heading', { name: 'No holdings yet' })).toBeVisible();
    await expect(page.getByText('Market Overview', { exact: true })).toBeVisible();
    await expect(page.getByTestId('portfolio-value')).toHaveCount(0);
    await page.screenshot({ path: `${ARTIFACTS}/investor-empty.png`, fullPage: true });
    await page.context().close();
  });
});
