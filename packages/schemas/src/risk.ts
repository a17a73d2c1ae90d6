import { z } from 'zod';
import { CURRENCIES } from './instrument-constants';
import { instantSchema } from './common';

// GET /api/risk/metrics, POST /api/risk/stress, limits (issue 14). Money: decimal strings
// (2 decimals) in the reporting currency (USD unless `currency` asks for another). Limits are
// organisation data set in USD; the metrics show the VaR limit and its use converted into the
// reporting currency. Ratios and percentages: numbers.

export const RISK_SCOPES = ['own', 'organisation', 'market'] as const;
export type RiskScope = (typeof RISK_SCOPES)[number];

export const riskMetricsQuerySchema = z
  .object({ scope: z.enum(RISK_SCOPES).default('own'), currency: z.enum(CURRENCIES).default('USD') })
  .strict();

const money = z.string();
const isoDate = z.iso.date();

export const RISK_LIMIT_KINDS = ['var_95', 'concentration', 'leverage', 'liquidity'] as const;
export type RiskLimitKind = (typeof RISK_LIMIT_KINDS)[number];

/** SPEC §9: VaR $200,000; concentration 25 %; leverage 15:1; liquidity ratio ≥ 1.0. */
export const DEFAULT_RISK_LIMITS: Record<RiskLimitKind, number> = {
  var_95: 200_000,
  concentration: 25,
  leverage: 15,
  liquidity: 1,
};

export const riskLimitSchema = z.object({
  kind: z.enum(RISK_LIMIT_KINDS),
  name: z.string(),
  /** var_95 money in `currency`; concentration percent; leverage x:1; liquidity ratio (minimum). */
  limit: z.number(),
  current: z.number().nullable(),
  /** The reporting currency for a money limit (var_95: set in USD, converted at the ECB rate); null for ratios. */
  currency: z.enum(CURRENCIES).nullable(),
  /** current / limit in percent (for liquidity: limit / current); null when not measurable. */
  utilisation: z.number().nullable(),
  status: z.enum(['within', 'warning', 'breach', 'not measurable']),
});

export const riskAlertSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RISK_LIMIT_KINDS),
  message: z.string(),
  createdAt: instantSchema,
  resolvedAt: instantSchema.nullable(),
});

export const stressResultSchema = z.object({
  scenario: z.string(),
  portfolioImpact: money,
  impactPercent: z.number(),
  /** Loss as a share of the organisation's Tier 1 capital, percent; null without a capital base. */
  capitalImpact: z.number().nullable(),
  riskLevel: z.enum(['acceptable', 'moderate', 'high']),
  status: z.enum(['pass', 'fail']),
  note: z.string().nullable(),
});

export const performanceSchema = z.object({
  benchmark: z.object({ name: z.string(), definition: z.string() }),
  /** Days with both a portfolio and a benchmark return. */
  days: z.number().int(),
  from: isoDate.nullable(),
  to: isoDate.nullable(),
  /** Annualised; null when the portfolio's excess return never varies. */
  sharpeRatio: z.number().nullable(),
  /** Largest fall of the stored value from a running peak, percent (positive). */
  maxDrawdownPercent: z.number().nullable(),
  /** Jensen's alpha, annualised percent. */
  alphaPercent: z.number().nullable(),
  beta: z.number().nullable(),
  /** Mean annual risk-free rate used (3-month US Treasury of each day), percent. */
  riskFreePercent: z.number().nullable(),
  method: z.string(),
});
export type Performance = z.infer<typeof performanceSchema>;

export const riskMetricsSchema = z
  .object({
    scope: z.enum(RISK_SCOPES),
    scopeName: z.string(),
    computedAt: instantSchema,
    reportingCurrency: z.enum(CURRENCIES),
    portfolioValue: money,
    positions: z.number().int(),
    var: z.object({
      var95: money,
      var99: money,
      var95TenDay: money,
      var99TenDay: money,
      es975: money,
      parametric95: money,
      parametric99: money,
      scenarios: z.number().int(),
      window: z.object({ from: isoDate, to: isoDate }).nullable(),
      method: z.string(),
    }),
    dv01: money,
    cs01: money,
    creditRating: z.object({ rating: z.string().nullable(), ratedShare: z.number() }),
    leverageRatio: z.number().nullable(),
    exposure: z.array(z.object({ category: z.string(), value: money, percent: z.number() })),
    limits: z.array(riskLimitSchema),
    alerts: z.array(riskAlertSchema),
    capital: z
      .object({
        organisation: z.string(),
        cet1: money,
        /** The capital base as entered (USD, unconverted), for editing. */
        base: z.object({ cet1: money, additionalTier1: money, tier2: money }),
        tier1: money,
        totalCapital: money,
        creditRwa: money,
        marketRwa: money,
        rwa: money,
        cet1Ratio: z.number().nullable(),
        tier1Ratio: z.number().nullable(),
        totalRatio: z.number().nullable(),
        leverageRatio: z.number().nullable(),
        status: z.enum(['compliant', 'buffer shortfall', 'below minimum']),
        buckets: z.array(z.object({ counterparty: z.string(), weight: z.number(), exposure: money, rwa: money })),
      })
      .nullable(),
    stress: z.array(stressResultSchema),
    backtest: z.object({
      days: z.number().int(),
      exceptions: z.number().int(),
      kupiecLr: z.number().nullable(),
      kupiecRejected: z.boolean(),
      zone: z.enum(['green', 'yellow', 'red']),
      source: z.string(),
    }),
    history: z.array(
      z.object({
        date: isoDate,
        value: money,
        var95: money,
        var99: money,
        pnl: money,
        source: z.enum(['backfill', 'daily']),
      }),
    ),
    notPriced: z.array(z.object({ instrumentId: z.string(), name: z.string(), reason: z.string() })),
    noHistory: z.array(z.string()),
    fxRateDate: isoDate.nullable(),
    /** Sharpe, max drawdown, alpha and beta from the stored daily values against the named benchmark. */
    performance: performanceSchema,
  })
  .meta({ id: 'RiskMetrics' });
export type RiskMetrics = z.infer<typeof riskMetricsSchema>;

const bp = z
  .number({ error: 'Enter a number of basis points' })
  .finite()
  .min(-5_000, 'At most 5,000 bp down')
  .max(5_000, 'At most 5,000 bp up');
const ret = z
  .number({ error: 'Enter a percentage' })
  .finite()
  .gt(-100, 'Must be above −100 %')
  .max(1_000, 'At most +1,000 %');

/** A custom scenario: shocks in bp (rates, spreads) and percent (FX against USD, equities). */
export const stressRequestSchema = z
  .object({
    scope: z.enum(RISK_SCOPES).default('own'),
    name: z.string().trim().min(1, 'Name the scenario').max(120, 'At most 120 characters'),
    rateShiftBp: z.union([bp, z.array(bp).length(10)]).default(0),
    spreadShiftBp: bp.default(0),
    usdMovePercent: ret.default(0),
    equityMovePercent: ret.default(0),
    /** Reporting currency of the result (the engine values in USD; converted at the latest ECB rates). */
    currency: z.enum(CURRENCIES).default('USD'),
  })
  .strict();
export type StressRequest = z.input<typeof stressRequestSchema>;

export const stressResponseSchema = z.object({
  reportingCurrency: z.enum(CURRENCIES),
  result: stressResultSchema,
  notPriced: z.array(z.object({ instrumentId: z.string(), name: z.string(), reason: z.string() })),
});
export type StressResponse = z.infer<typeof stressResponseSchema>;

export const riskLimitUpdateSchema = z
  .object({ kind: z.enum(RISK_LIMIT_KINDS), limit: z.number().finite().positive().max(1e12) })
  .strict();

const capitalAmount = z
  .string()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'Must be a USD amount with at most 2 decimals and below 10,000,000,000,000');

/** `PUT /api/risk/capital`: the caller's organisation's regulatory capital base, USD. */
export const capitalBaseUpdateSchema = z
  .object({
    cet1: capitalAmount.refine((v) => Number(v) > 0, 'CET1 capital must be greater than 0'),
    additionalTier1: capitalAmount,
    tier2: capitalAmount,
  })
  .strict()
  .meta({ id: 'CapitalBaseUpdate' });
export type CapitalBaseUpdate = z.infer<typeof capitalBaseUpdateSchema>;

export const capitalBaseSchema = z
  .object({
    organisation: z.string(),
    currency: z.literal('USD'),
    cet1: money,
    additionalTier1: money,
    tier2: money,
    updatedAt: instantSchema,
  })
  .meta({ id: 'CapitalBase' });
export type CapitalBase = z.infer<typeof capitalBaseSchema>;
