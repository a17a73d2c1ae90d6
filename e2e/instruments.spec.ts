import { expect, test, type Page } from '@playwright/test';
import { signInViaApi, signInWithDemoAccount } from './support/auth';

const ARTIFACTS = 'e2e/artifacts';
const ISSUER_NAME = 'Isabel Hart';

const plusYears = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The wizard's step heading, e.g. 'Step 2 of 5: Basic Information'. */
const stepHeading = (page: Page, number: number, title: string) =>
  page.getByRole('heading', { name: `Step ${number} of 5: ${title}` });

async function nextExpectingError(page: Page, fieldMessage: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: fieldMessage })).toBeVisible();
  await expect(page.getByText('Please correct the highlighted fields', { exact: true })).toBeVisible();
}

/** Numbers shown in a column, in row order ('$1,234.50' -> 1234.5; '—' -> null). */
async function columnNumbers(page: Page, testId: string): Promise<(number | null)[]> {
  const texts = await page.getByTestId(testId).allInnerTexts();
  return texts.map((text) => {
    const match = /[\d,]+(\.\d+)?/.exec(text);
    if (!match) return null;
    // Currency formats put the sign before the symbol ('-$1.01').
    const sign = text.trim().startsWith('-') ? -1 : 1;
    return sign * Number(match[0].replace(/,/g, ''));
  });
}

/** Full-page screenshot from the top, so the sticky navigation stays where it belongs. */
async function snapshot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}/${file}`, fullPage: true });
}

async function choose(page: Page, comboboxName: string, option: string) {
  await page.getByRole('combobox', { name: comboboxName }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('issuance and marketplace', () => {
  test('the demo issuer creates a PAM bond through the wizard, then finds it on /issuer and /marketplace', async ({
    page,
  }) => {
    // Five wizard steps, two screens and full-page screenshots: more than a minute on a busy machine.
    test.setTimeout(120_000);
    const name = `E2E Senior Notes ${Date.now()}`;
    await signInWithDemoAccount(page, ISSUER_NAME);
    await expect(page).not.toHaveURL(/sign-in/);
    await page.goto('/issuer');
    await page.getByRole('link', { name: 'New Instrument' }).first().click();
    await expect(page).toHaveURL('/create-instrument');
    await expect(page.getByRole('link', { name: 'Issuer Dashboard' })).toHaveAttribute('href', '/issuer');

    // Step 1: a contract type is required.
    await expect(stepHeading(page, 1, 'Contract Type')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await nextExpectingError(page, 'Contract type is required');
    await snapshot(page, 'instruments-wizard-step1-error.png');
    await page.getByRole('radio', { name: /^PAM/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: name required, at least 3 characters; description has 4 rows.
    await expect(stepHeading(page, 2, 'Basic Information')).toBeVisible();
    await nextExpectingError(page, 'Instrument name is required');
    await page.getByLabel('Instrument name').fill('ab');
    await nextExpectingError(page, 'Name must be at least 3 characters');
    await page.getByLabel('Instrument name').fill(name);
    await expect(page.getByLabel('Description')).toHaveAttribute('rows', '4');
    await page.getByLabel('Description').fill('Three-year senior notes paying a fixed semi-annual coupon.');
    // Previous is allowed from step 2 and keeps what was typed.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(stepHeading(page, 1, 'Contract Type')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Instrument name')).toHaveValue(name);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: notional required and positive; maturity after issue.
    await expect(stepHeading(page, 3, 'Financial Terms')).toBeVisible();
    await expect(page.getByLabel('Strike price')).toHaveCount(0);
    await nextExpectingError(page, 'Notional amount is required');
    await page.getByLabel(/Notional amount/).fill('0');
    await nextExpectingError(page, 'Amount must be greater than 0');
    await page.getByLabel(/Notional amount/).fill('2500000');
    await page.getByLabel('Maturity date').fill(daysAgo(30));
    await nextExpectingError(page, 'Maturity date must be after issue date');
    await snapshot(page, 'instruments-wizard-step3-error.png');
    await page.getByLabel('Maturity date').fill(plusYears(3));
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: the rate, when given, lies between 0 and 100.
    await expect(stepHeading(page, 4, 'Interest Terms')).toBeVisible();
    await page.getByLabel('Interest rate (%)').fill('150');
    await nextExpectingError(page, 'Interest rate must be between 0 and 100');
    await page.getByLabel('Interest rate (%)').fill('5.25');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 5: the engine's preview in the browser: terms JSON, chart, event table.
    await expect(stepHeading(page, 5, 'Review and Submit')).toBeVisible();
    await expect(page.getByTestId('actus-terms')).toContainText('"contractType": "PAM"');
    await expect(page.getByTestId('actus-terms')).toContainText('"nominalInterestRate": 0.0525');
    await expect(page.getByRole('img', { name: /Cash flows over time/ })).toBeVisible();
    const schedule = page.getByRole('table', { name: 'Previewed event schedule' });
    await expect(schedule.getByText('Interest payment')).toHaveCount(6);
    await expect(schedule.getByText('Maturity', { exact: true })).toHaveCount(1);
    await snapshot(page, 'instruments-wizard-review.png');

    await page.getByRole('button', { name: 'Create Instrument' }).click();
    await expect(page).toHaveURL('/issuer');
    await expect(page.getByText('Instrument Created', { exact: true })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('$2,500,000.00');
    await expect(row).toContainText('active');
    await expect(page.getByTestId('avg-maturity')).toHaveText(/^\d+\.\d (year|years)$/);
    await expect(page.getByTestId('market-state')).toHaveText('ACTIVE');
    await expect(page.getByTestId('active-listings')).toHaveText(/^[1-9]\d*$/);
    await snapshot(page, 'instruments-issuer.png');

    // The instrument page: priced by the server, with the full schedule.
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Cash flows and event schedule')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Event schedule' }).getByText('Interest payment')).not.toHaveCount(0);
    await expect(page.getByText('Yield to maturity')).toBeVisible();
    await expect(page.getByRole('cell', { name: ISSUER_NAME })).toBeVisible();
    await snapshot(page, 'instruments-detail.png');

    // The marketplace lists it with a computed price and yield.
    await page.goto('/marketplace');
    await expect(page.getByRole('link', { name: 'Trading Interface' })).toHaveAttribute('href', '/trading');
    await page.getByLabel('Search instruments').fill(name);
    await expect(page.getByTestId('market-row')).toHaveCount(1);
    const [price] = await columnNumbers(page, 'market-price');
    const [yieldPercent] = await columnNumbers(page, 'market-yield');
    expect(price).toBeGreaterThan(50);
    expect(yieldPercent).toBeGreaterThan(0);
    await snapshot(page, 'instruments-marketplace-search.png');

    // Type filter: the issuer (Atlas Industrial Holdings plc) is a corporate.
    await choose(page, 'Filter by type', 'Government');
    await expect(page.getByText('No instruments match your search.', { exact: true })).toBeVisible();
    await choose(page, 'Filter by type', 'Corporate');
    await expect(page.getByTestId('market-row')).toHaveCount(1);

    // Buy opens the Place Order modal for that instrument; Cancel closes it.
    await page.getByRole('button', { name: `Buy ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Place Order' });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByRole('combobox')).toHaveText('Limit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('marketplace search, type filter and sort work on the seeded listings', async ({ page }) => {
    await signInViaApi(page, 'investor@meridian.test');
    await page.goto('/marketplace');
    const rows = page.getByTestId('market-row');
    await expect(rows.first()).toBeVisible();
    const all = await rows.count();
    expect(all).toBeGreaterThan(5);

    await choose(page, 'Sort by', 'Sort by Yield');
    const yields = (await columnNumbers(page, 'market-yield')).filter((value): value is number => value !== null);
    expect(yields.length).toBeGreaterThan(1);
    expect(yields).toEqual([...yields].sort((a, b) => b - a));

    await choose(page, 'Sort by', 'Sort by Price');
    const prices = (await columnNumbers(page, 'market-price')).filter((value): value is number => value !== null);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    await choose(page, 'Sort by', 'Sort by Name');
    const names = await page.getByTestId('market-name').allInnerTexts();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    await choose(page, 'Filter by type', 'Municipal');
    const municipal = await rows.count();
    expect(municipal).toBeGreaterThan(0);
    expect(municipal).toBeLessThan(all);
    await snapshot(page, 'instruments-marketplace-municipal.png');

    // Buy opens the Place Order modal; a limit order at the shown price is placed for real.
    const first = rows.first();
    const name = await first.getByTestId('market-name').innerText();
    await first.getByRole('button', { name: `Buy ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Place Order' });
    await expect(dialog.getByRole('radio', { name: 'Buy' })).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByLabel(/Price per unit/)).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Invalid Order', { exact: true })).toBeVisible();
    await dialog.getByLabel('Quantity (units)').fill('2');
    // Exactly 2 x the price shown, to the cent.
    const [whole, cents = '0'] = (await dialog.getByLabel(/Price per unit/).inputValue()).split('.');
    const twice = 2n * (BigInt(whole!) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2)));
    const expected = `${(twice / 100n).toLocaleString('en-US')}.${(twice % 100n).toString().padStart(2, '0')}`;
    await expect(dialog).toContainText(new RegExp(`Estimated total: \\D*${expected.replace('.', '\\.')}`));
    await snapshot(page, 'instruments-place-order.png');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order Placed', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await choose(page, 'Filter by type', 'All types');
    await page.getByLabel('Search instruments').fill('no instrument is called this');
    await expect(page.getByText('No instruments match your search.', { exact: true })).toBeVisible();

    // Info opens the instrument page: a seeded swap with its engine-computed schedule.
    await page.getByLabel('Search instruments').fill('SWPPV');
    const swap = rows.first();
    const swapName = await swap.getByTestId('market-name').innerText();
    await swap.getByRole('link', { name: `Info ${swapName}` }).click();
    await expect(page).toHaveURL(/\/instruments\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: swapName, level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Event schedule' }).getByRole('row')).not.toHaveCount(0);
    await snapshot(page, 'instruments-detail-swap.png');
  });

  test('an option is stopped on the step where its strike and maturity are entered, then issued once they are given', async ({
    page,
  }) => {
    await signInViaApi(page, 'issuer@meridian.test');
    await page.goto('/create-instrument');
    await page.getByRole('radio', { name: /^OPTNS/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const name = `E2E Call Option ${Date.now()}`;
    await page.getByLabel('Instrument name').fill(name);
    await page.getByRole('button', { name: 'Next' }).click();
    // Type-specific fields: strike and option type for options, no interest terms.
    await expect(page.getByLabel('Strike price')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Option type' })).toHaveText('CALL');
    await page.getByLabel(/Notional amount/).fill('10000');
    // Neither a strike nor a maturity: stopped here, on those fields, in words.
    await nextExpectingError(page, 'Strike price is required for an option');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Maturity date is required for Option contracts' }),
    ).toBeVisible();
    await expect(page.getByLabel('Strike price')).toHaveAttribute('aria-invalid', 'true');
    await expect(stepHeading(page, 3, 'Financial Terms')).toBeVisible();
    await snapshot(page, 'instruments-wizard-option-required-terms.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'instruments-wizard-mobile.png');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Strike price').fill('105');
    await page.getByLabel('Maturity date').fill(plusYears(1));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page, 4, 'Interest Terms')).toBeVisible();
    await expect(page.getByLabel('Interest rate (%)')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The ACTUS engine rejects these terms' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Instrument' }).click();
    await expect(page.getByText('Instrument Created', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/issuer');
  });

  test('a 3,000-character name is refused as too long, on the name field', async ({ page }) => {
    await signInViaApi(page, 'issuer@meridian.test');
    await page.goto('/create-instrument');
    await page.getByRole('radio', { name: /^PAM/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Instrument name').fill('N'.repeat(3000));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Name must be at most 200 characters' })).toBeVisible();
    await expect(stepHeading(page, 2, 'Basic Information')).toBeVisible();
    await expect(page.getByText('Instrument name is required')).toHaveCount(0);
  });

  test('an issuer without instruments sees the empty state and its link to the wizard', async ({ page }) => {
    await signInViaApi(page, 'admin@meridian.test');
    await page.goto('/issuer');
    await expect(page.getByText('No instruments yet', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Create your first ACTUS-compliant financial instrument to get started.'),
    ).toBeVisible();
    await expect(page.getByTestId('total-instruments')).toHaveText('0');
    await expect(page.getByTestId('avg-maturity')).toHaveText('0 years');
    await page.getByRole('link', { name: 'Create First Instrument' }).click();
    await expect(page).toHaveURL('/create-instrument');
    await expect(stepHeading(page, 1, 'Contract Type')).toBeVisible();
  });

  test('a user without create_instruments sees the permission message and the API refuses', async ({ page }) => {
    await signInViaApi(page, 'investor@meridian.test');
    await page.goto('/create-instrument');
    await expect(
      page.getByText("You don't have permission to access this feature. Required permission(s): create_instruments."),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /Step 1 of 5/ })).toHaveCount(0);
    await snapshot(page, 'instruments-no-permission.png');

    const response = await page.request.post('/api/instruments', {
      data: { contractType: 'PAM', name: 'Not allowed', notionalAmount: 1000, issueDate: daysAgo(0) },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Missing permission: create_instruments',
    });
  });
});
