import { bigint, date, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { instruments } from './instruments';
import { ledgerAccounts } from './ledger';

// Read models maintained by triggers as trades and trade journal entries commit
// (drizzle/0026_read_models.sql, decision 0056). Never written by application code.

const big = (name: string) => bigint(name, { mode: 'bigint' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Per instrument: the last trade (by time, then sequence) and the trade count. */
export const instrumentTradeStats = pgTable('instrument_trade_stats', {
  instrumentId: uuid('instrument_id')
    .primaryKey()
    .references(() => instruments.id),
  lastPrice: big('last_price').notNull(),
  lastAt: at('last_at').notNull(),
  lastSequence: big('last_sequence').notNull(),
  trades: big('trades').notNull(),
});

/** Per instrument and UTC hour: first trade, volume, value, high, low and count. */
export const instrumentTradeHours = pgTable(
  'instrument_trade_hours',
  {
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id),
    hour: at('hour').notNull(),
    firstPrice: big('first_price').notNull(),
    firstAt: at('first_at').notNull(),
    firstSequence: big('first_sequence').notNull(),
    volume: big('volume').notNull(),
    turnover: numeric('turnover').notNull(),
    high: big('high').notNull(),
    low: big('low').notNull(),
    trades: big('trades').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.hour] })],
);

/** Trades per user and instrument (a trade with oneself counts once). */
export const userTradeCounts = pgTable(
  'user_trade_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id),
    trades: big('trades').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instrumentId] })],
);

/** Average-cost basis, realized P&L and the last day's movement per account and instrument. */
export const accountPositions = pgTable(
  'account_positions',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    instrumentId: text('instrument_id').notNull(),
    units: big('units').notNull(),
    cost: big('cost').notNull(),
    realized: big('realized').notNull(),
    day: date('day').notNull(),
    dayCash: big('day_cash').notNull(),
    dayUnits: big('day_units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.instrumentId] })],
);
