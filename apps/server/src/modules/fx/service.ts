import { CURRENCIES, currencyDecimals, LEDGER_DECIMALS, type Currency } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';
import { VersionedCache } from '../../db/reference-version';
import { unprocessable } from '../../errors';
import { crossMultiply, crossRateText, type Decimal, parseDecimal } from './decimal';

// FX conversion for every module (portfolio totals, order limits, risk): the ECB euro
// reference rates shipped in db/seed/market-data. Each currency uses its latest rate on or
// before the requested date (gaps are TARGET holidays); crosses go through EUR.
// Amounts are platform minor units, i.e. integer hundredths in every currency (the money
// convention of @meridian/schemas), so a conversion is a pure rate multiplication.

export const FX_SOURCE = 'Source: European Central Bank (euro foreign exchange reference rates)';
const PIVOT: Currency = 'EUR';
const EUR_PER_EUR: Decimal = { digits: 1n, scale: 0 };
/** Every platform currency but the pivot has a column in fx_reference_rates. */
const QUOTED = CURRENCIES.filter((c) => c !== PIVOT);

export interface FxQuote {
  currency: Currency;
  /** Units of `currency` per 1 EUR as published. */
  unitsPerEur: string;
  rateDate: string;
}

/** Thrown when a currency has no published rate on or before the date asked for. */
export class FxRateUnavailableError extends Error {
  constructor(
    readonly currency: string,
    readonly asOf: string | null,
  ) {
    super(`no FX rate for ${currency}${asOf ? ` on or before ${asOf}` : ''}`);
    this.name = 'FxRateUnavailableError';
  }
}

/** Rates of one date, converting synchronously (load once, convert many amounts). */
export class FxTable {
  private readonly decimals = new Map<string, Decimal>();

  constructor(
    readonly asOf: string | null,
    readonly quotes: readonly FxQuote[],
  ) {
    this.decimals.set(PIVOT, EUR_PER_EUR);
    for (const quote of quotes) this.decimals.set(quote.currency, parseDecimal(quote.unitsPerEur));
  }

  has(currency: string): boolean {
    return this.decimals.has(currency);
  }

  /** Latest date among the rates used (what a screen cites as "rates of"). */
  get rateDate(): string | null {
    return this.quotes.reduce<string | null>((max, q) => (max && max > q.rateDate ? max : q.rateDate), null);
  }

  /** `amount` hundredths of `from` → hundredths of `to`, rounded half away from zero. */
  convert(amount: bigint, from: string, to: string): bigint {
    if (from === to) return amount;
    return crossMultiply(amount, this.rate(from), this.rate(to));
  }

  /**
   * As `convert`, rounded once (half away from zero) to the minor unit of `to`, for amounts
   * that are booked: whole yen for JPY, so the ledger never holds a fraction of a yen.
   */
  convertToMinorUnit(amount: bigint, from: string, to: string): bigint {
    if (from === to) return amount;
    const coarser = LEDGER_DECIMALS - currencyDecimals(to);
    const target = this.rate(to);
    // A target rate scaled down by 10^coarser yields the result in the currency's minor units.
    const minor = crossMultiply(amount, this.rate(from), { digits: target.digits, scale: target.scale + coarser });
    return minor * 10n ** BigInt(coarser);
  }

  /** Units of `to` per 1 `from`, 8 decimals. */
  rateText(from: string, to: string): string {
    return crossRateText(this.rate(from), this.rate(to));
  }

  private rate(currency: string): Decimal {
    const rate = this.decimals.get(currency);
    if (!rate) throw new FxRateUnavailableError(currency, this.asOf);
    return rate;
  }
}

/** Loads, per currency, the latest reference rate on or before `asOf` (latest overall when absent). */
export async function loadFxTable(db: Db | Tx, asOf?: string): Promise<FxTable> {
  const bound = asOf ?? '9999-12-31';
  // One backward probe on the date key per currency; a NULL is a day that currency was not
  // published (CNY before 2005-04-01), so the probe skips to the previous publication.
  const probes = QUOTED.map(
    (currency) => sql`(select ${currency} as currency, ${sql.raw(currency.toLowerCase())}::text as units_per_eur,
        rate_date::text as rate_date from fx_reference_rates
        where rate_date <= ${bound}::date and ${sql.raw(currency.toLowerCase())} is not null
        order by fx_reference_rates.rate_date desc limit 1)`,
  );
  const rows = await selectRows<{ currency: Currency; units_per_eur: string; rate_date: string }>(
    db,
    sql.join(probes, sql` union all `),
  );
  const quotes = rows.map((r) => ({ currency: r.currency, unitsPerEur: r.units_per_eur, rateDate: r.rate_date }));
  return new FxTable(asOf ?? null, quotes);
}

/** Tables per reference version (the rates are reference data, decision 0067), by `asOf` ('' = latest). */
const tablesByVersion = new VersionedCache<Map<string, Promise<FxTable>>>();
/** Dates asked for are the callers' choice: at most this many tables are kept per version. */
const MAX_TABLES = 64;

/**
 * `loadFxTable(db, asOf)` read once per reference version (db/reference-version.ts): the rates
 * change only when fx_reference_rates is written, and every such write moves the version.
 * `version` must have been read before this call.
 */
export async function fxTableAt(db: Db, version: bigint, asOf?: string): Promise<FxTable> {
  const tables = await tablesByVersion.get(db, version, async () => new Map());
  const key = asOf ?? '';
  let table = tables.get(key);
  if (!table) {
    if (tables.size >= MAX_TABLES) tables.delete(tables.keys().next().value!);
    table = loadFxTable(db, asOf);
    tables.set(key, table);
    table.catch(() => tables.delete(key));
  }
  return table;
}

/** Converts one amount; for many amounts load an FxTable once. Throws FxRateUnavailableError. */
export async function convert(db: Db | Tx, amount: bigint, from: string, to: string, asOf?: string): Promise<bigint> {
  if (from === to) return amount;
  return (await loadFxTable(db, asOf)).convert(amount, from, to);
}

/** Permission limits (access catalogue maxAmount, grants) are USD hundredths. */
export const LIMIT_CURRENCY: Currency = 'USD';
/** Reference rates are published once a day; a minute-old table is as good as a fresh one. */
const LIMIT_TABLE_TTL_MS = 60_000;
const limitTables = new WeakMap<object, { table: Promise<FxTable>; until: number }>();

/**
 * `amount` hundredths of `currency` in USD hundredths at the latest reference rate, for checks
 * against USD-denominated permission limits (order notionals, issuance). The table is loaded at
 * most once a minute per database, so the order path does not pay for it on every request.
 * A currency without a rate is refused (422 FX_RATE_UNAVAILABLE): an amount that cannot be
 * valued in USD cannot be checked against a limit.
 */
export async function valueInLimitCurrency(
  db: Db | Tx,
  amount: bigint,
  currency: string,
  now = Date.now(),
): Promise<bigint> {
  if (currency === LIMIT_CURRENCY) return amount;
  let cached = limitTables.get(db);
  if (!cached || cached.until <= now) {
    cached = { table: loadFxTable(db), until: now + LIMIT_TABLE_TTL_MS };
    limitTables.set(db, cached);
    cached.table.catch(() => limitTables.delete(db));
  }
  const table = await cached.table;
  if (!table.has(currency))
    throw unprocessable('FX_RATE_UNAVAILABLE', `No FX rate for ${currency}: the amount cannot be checked in USD`);
  return table.convert(amount, currency, LIMIT_CURRENCY);
}
