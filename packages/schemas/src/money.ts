import { CURRENCIES, type Currency } from './instrument-constants';

/**
 * Money with its unit (docs/decisions/0044-money-per-currency.md). The ledger keeps every
 * cash amount at ONE scale, hundredths ("ledger units"), whatever the currency; each
 * currency's real ISO 4217 exponent is enforced at the edge: an amount finer than the
 * currency's minor unit (a JPY "100.50") is refused, computed amounts (servicing shares,
 * FX conversions) are rounded to the minor unit, and display uses the currency's decimals.
 * A `Money` is an amount in the currency's own minor units (cents, yen) plus the currency,
 * modelled on dinero.js; the conversions to and from ledger units are the only place the
 * two scales meet.
 */

/** Decimals of a ledger unit: every balance, journal line and price is integer hundredths. */
export const LEDGER_DECIMALS = 2;

/** ISO 4217 minor-unit exponents of the platform's currencies (JPY has no minor unit). */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  CNY: 2,
  HKD: 2,
  SGD: 2,
};

export interface Money {
  /** Integer amount in the currency's minor unit (cents for USD, yen for JPY). */
  readonly minor: bigint;
  /** ISO 4217 code. */
  readonly currency: string;
}

export type Rounding = 'floor' | 'halfAwayFromZero';

const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/**
 * The currency's number of decimals; a code outside the platform's list (none is accepted at
 * the edge) is treated at the ledger's scale rather than guessed.
 */
export function currencyDecimals(currency: string): number {
  return isCurrency(currency) ? CURRENCY_DECIMALS[currency] : LEDGER_DECIMALS;
}

/** Ledger units per minor unit of the currency: 1 for cents, 100 for yen. */
function ledgerPerMinor(currency: string): bigint {
  return 10n ** BigInt(LEDGER_DECIMALS - currencyDecimals(currency));
}

export function money(minor: bigint, currency: string): Money {
  return { minor, currency };
}

/** The message an amount finer than its currency's minor unit is refused with. */
export function currencyDecimalsMessage(currency: string): string {
  const decimals = currencyDecimals(currency);
  return decimals === 0
    ? `${currency} amounts have no decimals`
    : `${currency} amounts have at most ${decimals} decimal${decimals === 1 ? '' : 's'}`;
}

/**
 * Parses a plain decimal ("1234", "1234.5", "-0.05"; no exponent, no grouping) into the
 * currency's minor units; null when it is not a decimal or is finer than the minor unit.
 */
export function parseMoney(amount: string, currency: string): Money | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const decimals = currencyDecimals(currency);
  const fraction = match[3] ?? '';
  if (fraction.length > decimals) return null;
  const minor = BigInt(match[2]! + fraction.padEnd(decimals, '0'));
  return money(match[1] === '-' ? -minor : minor, currency);
}

/** True when a decimal amount (string or number) has no more decimals than the currency allows. */
export function fitsCurrency(amount: string | number, currency: string): boolean {
  const text = typeof amount === 'number' ? numberText(amount) : amount;
  return text !== null && parseMoney(text, currency) !== null;
}

function numberText(amount: number): string | null {
  if (!Number.isFinite(amount)) return null;
  // Shortest round-trip text; an exponent form (1e-7, 1e21) is not a plain decimal and is refused.
  const text = String(amount);
  return /e/i.test(text) ? null : text;
}

/** The amount as a decimal string with exactly the currency's decimals: '1234.50', '1234' for JPY. */
export function moneyToDecimal(m: Money): string {
  const decimals = currencyDecimals(m.currency);
  const negative = m.minor < 0n;
  const digits = (negative ? -m.minor : m.minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const text = decimals === 0 ? whole : `${whole}.${digits.slice(digits.length - decimals)}`;
  return negative ? `-${text}` : text;
}

/** The amount in ledger units (hundredths), exact. */
export function moneyToLedger(m: Money): bigint {
  return m.minor * ledgerPerMinor(m.currency);
}

/**
 * A ledger amount (hundredths) as Money, rounded to the currency's minor unit; `residual` is
 * what the rounding left behind in ledger units (ledger = toLedger(money) + residual), so
 * whoever rounds can keep it and cash stays exactly conserved.
 */
export function moneyFromLedger(
  ledger: bigint,
  currency: string,
  rounding: Rounding = 'floor',
): { money: Money; residual: bigint } {
  const step = ledgerPerMinor(currency);
  const minor = divide(ledger, step, rounding);
  return { money: money(minor, currency), residual: ledger - minor * step };
}

/** A ledger amount rounded to the currency's minor unit, still in ledger units. */
export function roundLedgerToCurrency(ledger: bigint, currency: string, rounding: Rounding = 'floor'): bigint {
  return moneyToLedger(moneyFromLedger(ledger, currency, rounding).money);
}

/** True when a ledger amount is a whole number of the currency's minor units. */
export function isLedgerExact(ledger: bigint, currency: string): boolean {
  return ledger % ledgerPerMinor(currency) === 0n;
}

/** Integer division rounded as asked (BigInt division truncates toward zero). */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const negative = numerator < 0n !== denominator < 0n;
  if (rounding === 'floor') return negative ? quotient - 1n : quotient;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  const magnitude = denominator < 0n ? -denominator : denominator;
  return twice >= magnitude ? quotient + (negative ? -1n : 1n) : quotient;
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new Error(`Currency mismatch: ${a.currency} and ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor + b.minor, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor - b.minor, a.currency);
}

/**
 * Shares of `total` in proportion `weight / denominator` each, floored to the minor unit (as
 * dinero's allocate, but the rest is not spread): the sum never exceeds the total and
 * `residual` = total - sum, kept by the payer. Weights and denominator are non-negative.
 */
export function allocateMoney(
  total: Money,
  weights: readonly bigint[],
  denominator: bigint,
): { shares: Money[]; residual: Money } {
  if (denominator <= 0n) throw new Error('Allocation needs a positive denominator');
  let paid = 0n;
  const shares = weights.map((weight) => {
    if (weight < 0n) throw new Error('Allocation weights must not be negative');
    const minor = divide(total.minor * weight, denominator, 'floor');
    paid += minor;
    return money(minor, total.currency);
  });
  return { shares, residual: money(total.minor - paid, total.currency) };
}

/**
 * As people read money (en-US, SPEC §9) in the currency's own decimals: $1,234.50, ¥1,235.
 * Intl formats the decimal string exactly, never through a float.
 */
export function formatMoney(m: Money, locale = 'en-US'): string {
  const decimals = currencyDecimals(m.currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: m.currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(moneyToDecimal(m) as unknown as number);
}

/** A ledger amount formatted in its currency's decimals (rounded half away from zero for display only). */
export function formatLedgerMoney(ledger: bigint, currency: string, locale = 'en-US'): string {
  return formatMoney(moneyFromLedger(ledger, currency, 'halfAwayFromZero').money, locale);
}
