import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// Double-entry ledger (ARCHITECTURE "Ledger"): every movement of cash or units is a journal
// entry whose lines net to zero per asset; balances are maintained in the same transaction.

export const JOURNAL_KINDS = ['issue', 'trade', 'deposit', 'withdraw', 'servicing'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
export const ASSET_TYPES = ['cash', 'units'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** `user:<userId>`, `issuance:<instrumentId>` (source of issued units), `external:cash`. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    code: text('code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_accounts_user_idx').on(t.userId)],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<JournalKind>().notNull(),
    /** What the entry settles, e.g. `instrument:<id>` or `trade:<id>`. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_reference_idx').on(t.reference),
    // Entries after an instant: the movements since a record time (servicing, migration 0030).
    index('journal_entries_created_idx').on(t.createdAt),
    check('journal_entries_kind_check', sql`${t.kind} in ('issue', 'trade', 'deposit', 'withdraw', 'servicing')`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    assetType: text('asset_type').$type<AssetType>().notNull(),
    /** Currency code for cash, instrument id for units. */
    asset: text('asset').notNull(),
    /** Signed: cash in hundredths, units whole. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_account_idx').on(t.accountId, t.assetType, t.asset),
    check('journal_lines_asset_type_check', sql`${t.assetType} in ('cash', 'units')`),
    check('journal_lines_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Current holdings per account and asset; available = total - reserved. Stored with fillfactor
 * 50 (migration 0030): updates change no indexed column and stay on their page (HOT).
 */
export const balances = pgTable(
  'balances',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    assetType: text('asset_type').$type<AssetType>().notNull(),
    asset: text('asset').notNull(),
    total: bigint('total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    reserved: bigint('reserved', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.assetType, t.asset] }),
    // account_id last: a probe by full key through this index still finds one row (migration 0023).
    index('balances_asset_idx').on(t.assetType, t.asset, t.accountId),
    // System accounts (issuance, external) run negative; reservations never exceed holdings.
    check(
      'balances_reserved_within_total',
      sql`${t.reserved} >= 0 and (${t.reserved} = 0 or ${t.reserved} <= ${t.total})`,
    ),
  ],
);
