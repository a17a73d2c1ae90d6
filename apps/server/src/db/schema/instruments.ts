import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { users } from './auth';

/**
 * Issued instruments. Money in hundredths of `currency` (bigint); notional = units x face value.
 * `terms` are the raw ACTUS terms the engine accepted; `observations` the market data their
 * schedule was computed with (projections until observed data replaces them).
 */
export const instruments = pgTable(
  'instruments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    contractType: text('contract_type').notNull(),
    /**
     * ISIN-format code, assigned by the database on insert (private prefix QZMRD, see
     * packages/schemas identifiers.ts and migration 0005); null only for instruments
     * brought in from elsewhere without one, which reports refuse.
     */
    isin: text('isin')
      .unique()
      .default(sql`platform_isin(nextval('instrument_isin_seq'))`),
    currency: text('currency').notNull(),
    notionalAmount: bigint('notional_amount', { mode: 'bigint' }).notNull(),
    faceValue: bigint('face_value', { mode: 'bigint' }).notNull(),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    maturityDate: date('maturity_date', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    /** Business days between trade and settlement: 0 settles in the trade's transaction (T+0). */
    settlementCycle: integer('settlement_cycle').notNull().default(0),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    observations: jsonb('observations')
      .$type<Record<string, { timestamp: string; value: number }[]>>()
      .notNull()
      .default({}),
    issuerUserId: uuid('issuer_user_id')
      .notNull()
      .references(() => users.id),
    issuerOrgId: uuid('issuer_org_id').references(() => organisations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('instruments_issuer_user_idx').on(t.issuerUserId, t.createdAt),
    index('instruments_created_idx').on(t.createdAt),
    check('instruments_amounts_positive', sql`${t.notionalAmount} > 0 and ${t.faceValue} > 0 and ${t.units} > 0`),
    check('instruments_units_times_face', sql`${t.notionalAmount} = ${t.units} * ${t.faceValue}`),
  ],
);
