import { z } from 'zod';
import { decimalStringSchema, timestampSchema } from './common';

// Market Maker Dashboard (SPEC §2 /market-maker, §7 GET /api/liquidity/pools): a market
// maker's liquidity positions are its quoting programmes, one per instrument ("pair" =
// instrument/currency). Money is decimal strings in the instrument currency unless said.

/** Half spread bounds for Adjust Spreads, basis points of the mid. */
export const MIN_HALF_SPREAD_BP = 1;
export const MAX_HALF_SPREAD_BP = 500;

export const LIQUIDITY_MESSAGES = {
  spreadRange: `Spread must be a whole number of basis points between ${MIN_HALF_SPREAD_BP * 2} and ${MAX_HALF_SPREAD_BP * 2}`,
  spreadEven: 'Spread must be an even number of basis points (quoted symmetrically around the mid)',
  spreadsUpdatedTitle: 'Spreads Updated',
} as const;

/** A signed decimal amount (P&L can be negative). */
const signedDecimal = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

export const liquidityPoolSchema = z
  .object({
    instrumentId: z.uuid(),
    /** `<instrument name>/<currency>`. */
    pair: z.string(),
    instrumentName: z.string(),
    currency: z.string(),
    /** Value of the maker's resting quotes (price x remaining quantity, both sides). */
    liquidity: decimalStringSchema,
    bidLiquidity: decimalStringSchema,
    askLiquidity: decimalStringSchema,
    /** Best resting ask minus best resting bid over their mid, basis points; null without both sides. */
    quotedSpreadBp: z.number().nullable(),
    /** The programme's configured spread (twice the half spread), basis points. */
    targetSpreadBp: z.number().int(),
    /** Value traded by the maker in the last 24 hours. */
    volume24h: decimalStringSchema,
    trades24h: z.number().int(),
    /** Sum over the maker's fills of |price - mid at fill time| x quantity, last 24 hours. */
    spreadEarnings24h: signedDecimal,
    /** Units held now x (mark now - mark 24 hours ago) plus the cash of the 24h fills marked now. */
    inventoryPnl24h: signedDecimal,
    /** Resting quotes plus inventory at the mark: the capital the programme ties up. */
    capitalCommitted: decimalStringSchema,
    /** (spread earnings + inventory P&L) / capital committed x 365, percent; null without capital. */
    apy: z.number().nullable(),
    inventoryUnits: z.string(),
    status: z.enum(['active', 'paused', 'idle']),
  })
  .meta({ id: 'LiquidityPool' });
export type LiquidityPool = z.infer<typeof liquidityPoolSchema>;

export const liquidityRecentTradeSchema = z.object({
  id: z.uuid(),
  pair: z.string(),
  /** The maker's side of the fill. */
  side: z.enum(['buy', 'sell']),
  quantity: z.string(),
  price: decimalStringSchema,
  currency: z.string(),
  executedAt: timestampSchema,
});
export type LiquidityRecentTrade = z.infer<typeof liquidityRecentTradeSchema>;

export const liquidityPoolsSchema = z
  .object({
    maker: z.object({ name: z.string() }).nullable(),
    /** Currency the totals are converted into (platform FX rates). */
    reportingCurrency: z.string(),
    totals: z.object({
      spreadEarnings24h: signedDecimal,
      inventoryPnl24h: signedDecimal,
      volume24h: decimalStringSchema,
      liquidity: decimalStringSchema,
      capitalCommitted: decimalStringSchema,
      activePairs: z.number().int(),
      trades24h: z.number().int(),
      /** Share of programmes with both sides quoted, percent. */
      twoSidedShare: z.number(),
      /** Mean quoted spread over pairs with both sides, basis points. */
      averageSpreadBp: z.number().nullable(),
      /** Fill-weighted mean of earnings per unit value traded, basis points. */
      earningsPerVolumeBp: z.number().nullable(),
      apy: z.number().nullable(),
    }),
    pools: z.array(liquidityPoolSchema),
    recentTrades: z.array(liquidityRecentTradeSchema),
    asOf: timestampSchema,
  })
  .meta({ id: 'LiquidityPools' });
export type LiquidityPools = z.infer<typeof liquidityPoolsSchema>;

/** `PATCH /api/liquidity/pools/spreads`: one instrument's programme, or every programme when none is given. */
export const adjustSpreadsSchema = z
  .object({
    instrumentId: z.uuid().optional(),
    spreadBp: z
      .number(LIQUIDITY_MESSAGES.spreadRange)
      .int(LIQUIDITY_MESSAGES.spreadRange)
      .min(MIN_HALF_SPREAD_BP * 2, LIQUIDITY_MESSAGES.spreadRange)
      .max(MAX_HALF_SPREAD_BP * 2, LIQUIDITY_MESSAGES.spreadRange)
      .refine((v) => v % 2 === 0, LIQUIDITY_MESSAGES.spreadEven),
  })
  .meta({ id: 'AdjustSpreads' });
export type AdjustSpreads = z.infer<typeof adjustSpreadsSchema>;

export const adjustSpreadsResultSchema = z.object({ updated: z.number().int(), spreadBp: z.number().int() });
