import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organisations } from './organisations';

// Risk module (issue 14): per-organisation limits and capital base, persisted limit alerts,
// and the daily history of each portfolio's value, VaR and P&L (USD).

/** A portfolio: `user:<id>`, `organisation:<id>` or `market`. */
const scopeKey = () => text('scope_key').notNull();

export const riskLimits = pgTable(
  'risk_limits',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind').notNull(),
    /** var_95 in USD, concentration in percent, leverage as x:1, liquidity ratio minimum. */
    limitValue: doublePrecision('limit_value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.kind] }),
    check('risk_limits_kind', sql`${t.kind} in ('var_95', 'concentration', 'leverage', 'liquidity')`),
    check('risk_limits_positive', sql`${t.limitValue} > 0`),
  ],
);

/** Regulatory capital of an organisation, USD hundredths (organisation data, edited by an admin). */
export const riskCapitalBase = pgTable('risk_capital_base', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id),
  cet1: bigint('cet1', { mode: 'bigint' }).notNull(),
  additionalTier1: bigint('additional_tier1', { mode: 'bigint' }).notNull(),
  tier2: bigint('tier2', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A limit breach; open until the measure is back within the limit. */
export const riskAlerts = pgTable(
  'risk_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scopeKey: scopeKey(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('risk_alerts_scope_idx').on(t.scopeKey, t.createdAt)],
);

/** One day of a portfolio's history: value, 1-day VaR (95/99) and the day's P&L, USD. */
export const riskSnapshots = pgTable(
  'risk_snapshots',
  {
    scopeKey: scopeKey(),
    snapshotDate: date('snapshot_date', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 20, scale: 2 }).notNull(),
    var95: numeric('var_95', { precision: 20, scale: 2 }).notNull(),
    var99: numeric('var_99', { precision: 20, scale: 2 }).notNull(),
    pnl: numeric('pnl', { precision: 20, scale: 2 }).notNull(),
    /** 'backfill': engine over the historical window with today's positions; 'daily': the daily job. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scopeKey, t.snapshotDate] }),
    check('risk_snapshots_source', sql`${t.source} in ('backfill', 'daily')`),
  ],
);
