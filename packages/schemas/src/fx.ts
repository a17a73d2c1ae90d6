import { z } from 'zod';
import { AMOUNT_MESSAGES, decimalInputSchema, isAmountWithinBounds, toMinorUnits } from './common';
import { CURRENCIES } from './instrument-constants';
import { currencyDecimalsMessage, fitsCurrency } from './money';

const isoDate = z.iso.date();

/** `GET /api/fx/rates`: rates of every platform currency against `base`, latest on or before `asOf`. */
export const fxRatesQuerySchema = z
  .object({
    base: z.enum(CURRENCIES).default('USD'),
    /** Calendar date (YYYY-MM-DD); absent = the latest published rates. */
    asOf: isoDate.optional(),
  })
  .strict();
export type FxRatesQuery = z.infer<typeof fxRatesQuerySchema>;

export const fxRateSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Units of `currency` per 1 unit of base, 8 decimals (half away from zero). */
  rate: z.string(),
  /** Publication date of the reference rates used (the latest on or before asOf). */
  rateDate: isoDate,
});

export const fxRatesSchema = z
  .object({
    base: z.enum(CURRENCIES),
    asOf: isoDate.nullable(),
    source: z.string(),
    rates: z.array(fxRateSchema),
    /** Currencies without a published rate on or before asOf (e.g. CNY before 2005-04-01). */
    unavailable: z.array(z.enum(CURRENCIES)),
  })
  .meta({ id: 'FxRates' });
export type FxRates = z.infer<typeof fxRatesSchema>;

/**
 * `POST /api/fx/conversions`: converts the caller's own cash from one currency into another at
 * the latest ECB reference rate (booked as a withdrawal and a deposit, one transaction).
 */
export const fxConversionRequestSchema = z
  .object({
    from: z.enum(CURRENCIES),
    to: z.enum(CURRENCIES),
    /** Amount of `from` to convert, decimal with at most 2 decimals ("1,000.50" is refused: send 1000.50). */
    amount: decimalInputSchema()
      .refine((v) => (toMinorUnits(v) ?? 0n) > 0n, AMOUNT_MESSAGES.positive)
      .refine((v) => (toMinorUnits(v) ?? 0n) <= 0n || isAmountWithinBounds(v), AMOUNT_MESSAGES.tooLarge),
  })
  .strict()
  .refine((c) => c.from !== c.to, { message: 'Choose two different currencies', path: ['to'] })
  .refine((c) => fitsCurrency(c.amount, c.from), {
    error: (issue) => currencyDecimalsMessage((issue.input as { from: string }).from),
    path: ['amount'],
  })
  .meta({ id: 'FxConversionRequest' });
export type FxConversionRequest = z.output<typeof fxConversionRequestSchema>;

export const fxConversionSchema = z
  .object({
    from: z.enum(CURRENCIES),
    to: z.enum(CURRENCIES),
    amount: z.string(),
    converted: z.string(),
    /** Units of `to` per 1 `from`, 8 decimals. */
    rate: z.string(),
    rateDate: isoDate,
    source: z.string(),
    balances: z.array(
      z.object({ currency: z.string(), total: z.string(), reserved: z.string(), available: z.string() }),
    ),
  })
  .meta({ id: 'FxConversion' });
export type FxConversion = z.infer<typeof fxConversionSchema>;
