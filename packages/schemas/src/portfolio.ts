import { z } from 'zod';
import { decimalStringSchema } from './common';
import { CONTRACT_TYPES, CURRENCIES } from './instrument-constants';

// Portfolio messages (SPEC §5): cash balances, positions, issued inventory and the analytics totals.

/** A signed decimal amount with two fraction digits, e.g. '-12.50' (P&L, converted values). */
const signedAmount = z.string().regex(/^-?\d+\.\d{2}$/);

export const cashBalanceSchema = z.object({
  currency: z.string(),
  total: decimalStringSchema,
  reserved: decimalStringSchema,
  available: decimalStringSchema,
  /** `total` in the reporting currency; null when there is no FX rate for `currency`. */
  reportingValue: signedAmount.nullable().optional(),
});
export type CashBalance = z.infer<typeof cashBalanceSchema>;

export const positionSchema = z.object({
  instrumentId: z.uuid(),
  instrumentName: z.string(),
  currency: z.string(),
  units: z.number().int(),
  reservedUnits: z.number().int(),
  /** Mark price per unit (last trade, else model), decimal string; null when none. */
  price: z.string().nullable(),
  marketValue: z.string(),
  costBasis: z.string(),
  unrealizedPnL: z.string(),
  /** ACTUS contract type (for the asset-class split). */
  contractType: z.enum(CONTRACT_TYPES).optional(),
  /** `marketValue` in the reporting currency; null when there is no FX rate for `currency`. */
  reportingValue: signedAmount.nullable().optional(),
  /**
   * The instrument's issuer missed a payment (servicing recorded a credit event; instrument status
   * `defaulted`): the position no longer trades or pays. Always sent by the server; optional only so
   * clients built before it still type-check.
   */
  defaulted: z.boolean().optional(),
});
export type Position = z.infer<typeof positionSchema>;

/** Unsold units of the user's own issues: listed, but outside portfolio value and P&L. */
export const issuedInventorySchema = positionSchema.pick({
  instrumentId: true,
  instrumentName: true,
  currency: true,
  units: true,
  reservedUnits: true,
  price: true,
  marketValue: true,
});
export type IssuedInventory = z.infer<typeof issuedInventorySchema>;

/** `GET /api/portfolio/analytics?currency=EUR`: the reporting currency of the totals (USD by default). */
export const portfolioAnalyticsQuerySchema = z.object({ currency: z.enum(CURRENCIES).default('USD') }).strict();
export type PortfolioAnalyticsQuery = z.infer<typeof portfolioAnalyticsQuerySchema>;

/** The FX rates a converted figure used: ECB reference rates, crossed through EUR in exact decimals. */
export const reportingFxSchema = z.object({
  source: z.string(),
  /** Latest publication date among the rates used; null when none was needed or available. */
  rateDate: z.iso.date().nullable(),
  /** Units of the reporting currency per 1 unit of each held currency (8 decimals). */
  rates: z.array(z.object({ currency: z.string(), rate: z.string(), rateDate: z.iso.date() })),
  /** Held currencies with no published rate: their amounts are listed but not in the totals. */
  notConverted: z.array(z.string()),
});
export type ReportingFx = z.infer<typeof reportingFxSchema>;

/**
 * `GET /api/portfolio/analytics`. Totals are in `currency` (the reporting currency, USD by default):
 * each currency's amounts are summed in that currency, then converted once with the latest ECB
 * rates (`fx`); a currency without a rate is named in `fx.notConverted` and left out of the totals.
 * totalPortfolioValue = cash + positions at mark; totalPnL = unrealized + realized; todayPnL = change since 00:00 UTC.
 */
export const portfolioAnalyticsSchema = z
  .object({
    currency: z.string(),
    totalPortfolioValue: z.string(),
    totalPnL: z.string(),
    realizedPnL: z.string(),
    todayPnL: z.string(),
    totalTrades: z.number().int(),
    openOrders: z.number().int(),
    cash: z.array(cashBalanceSchema),
    /** Investments: units bought from others, at cost (cash paid) and mark. */
    positions: z.array(positionSchema),
    /** Always sent by the server; optional only so clients built before it still type-check. */
    issuedInventory: z.array(issuedInventorySchema).optional(),
    /** Always sent by the server (optional for older clients): the conversion behind the totals. */
    fx: reportingFxSchema.optional(),
  })
  .meta({ id: 'PortfolioAnalytics' });
export type PortfolioAnalytics = z.infer<typeof portfolioAnalyticsSchema>;
