import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable } from 'drizzle-orm/pg-core';

// Real public daily histories shipped with the repository (db/seed/market-data, credits in its
// README): the ECB euro reference rates and the US Treasury par yield curve, one row per
// publication day, one column per series as in the published files (~16,000 rows in all: the
// seed runs in every test template, a long format would be ten times the rows). Values are
// exact as published; NULL = not published that day (a real hole, see the README).

const rate = (name: string) => numeric(name, { precision: 18, scale: 8 });
const pct = (name: string) => numeric(name, { precision: 8, scale: 4 });

/** ECB euro foreign exchange reference rates: units of each currency per 1 EUR. */
export const fxReferenceRates = pgTable(
  'fx_reference_rates',
  {
    rateDate: date('rate_date', { mode: 'string' }).primaryKey(),
    usd: rate('usd'),
    gbp: rate('gbp'),
    jpy: rate('jpy'),
    chf: rate('chf'),
    cad: rate('cad'),
    aud: rate('aud'),
    cny: rate('cny'),
    hkd: rate('hkd'),
    sgd: rate('sgd'),
  },
  (t) => [
    check(
      'fx_reference_rates_positive',
      sql`least(${t.usd}, ${t.gbp}, ${t.jpy}, ${t.chf}, ${t.cad}, ${t.aud}, ${t.cny}, ${t.hkd}, ${t.sgd}) > 0`,
    ),
  ],
);

/** US Treasury daily par yields, percent; column = tenor (m = months, y = years). */
export const treasuryParYields = pgTable('treasury_par_yields', {
  curveDate: date('curve_date', { mode: 'string' }).primaryKey(),
  m1: pct('m1'),
  m1_5: pct('m1_5'),
  m2: pct('m2'),
  m3: pct('m3'),
  m4: pct('m4'),
  m6: pct('m6'),
  y1: pct('y1'),
  y2: pct('y2'),
  y3: pct('y3'),
  y5: pct('y5'),
  y7: pct('y7'),
  y10: pct('y10'),
  y20: pct('y20'),
  y30: pct('y30'),
});

/** Column of treasuryParYields → tenor in months, in curve order. */
export const TREASURY_TENOR_MONTHS = {
  m1: 1,
  m1_5: 1.5,
  m2: 2,
  m3: 3,
  m4: 4,
  m6: 6,
  y1: 12,
  y2: 24,
  y3: 36,
  y5: 60,
  y7: 84,
  y10: 120,
  y20: 240,
  y30: 360,
} as const;
