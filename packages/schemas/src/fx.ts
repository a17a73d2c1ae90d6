import { z } from 'zod';
import { CURRENCIES } from './instrument-constants';

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
