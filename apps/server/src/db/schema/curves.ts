import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Market data for model prices: a risk-free zero curve per currency and a credit spread
// per issuer rating. Rates are analytics inputs (decimal fractions), not money.

/** Annually compounded zero rates by tenor, per currency. */
export const riskFreeCurvePoints = pgTable(
  'risk_free_curve_points',
  {
    currency: text('currency').notNull(),
    /** Tenor in years (0.25 = 3 months). */
    tenorYears: doublePrecision('tenor_years').notNull(),
    /** Zero rate as a decimal fraction (0.0425 = 4.25 %). */
    rate: doublePrecision('rate').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.tenorYears] }),
    check('risk_free_tenor_positive', sql`${t.tenorYears} > 0`),
  ],
);

/** Credit spread over the risk-free curve by long-term rating (S&P scale), in basis points. */
export const creditSpreads = pgTable(
  'credit_spreads',
  {
    rating: text('rating').primaryKey(),
    spreadBp: integer('spread_bp').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
  },
  (t) => [check('credit_spreads_non_negative', sql`${t.spreadBp} >= 0`)],
);
