import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { instruments } from './instruments';
import { journalEntries } from './ledger';

// Orders, trades and settlements (ARCHITECTURE "Place order"). Prices are hundredths of
// the instrument currency per unit, quantities whole units, both bigint.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const big = (name: string) => bigint(name, { mode: 'bigint' });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    /**
     * Arrival order: rebuilding a book replays open orders by this to keep time priority.
     * Distinct because only its sequence sets it; no unique index (migration 0036).
     */
    sequence: bigserial('sequence', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    type: text('type').$type<'market' | 'limit'>().notNull(),
    timeInForce: text('time_in_force').$type<'GTC' | 'IOC' | 'FOK'>().notNull(),
    postOnly: boolean('post_only').notNull().default(false),
    /** Limit price; null for market orders. */
    price: big('price'),
    quantity: big('quantity').notNull(),
    filledQuantity: big('filled_quantity')
      .notNull()
      .default(sql`0`),
    /** Sum of price x quantity over fills, for the average price. */
    filledValue: big('filled_value')
      .notNull()
      .default(sql`0`),
    status: text('status').$type<'open' | 'filled' | 'cancelled'>().notNull(),
    cancelReason: text('cancel_reason').$type<'user' | 'no_liquidity' | 'self_trade'>(),
    /** Cash (buy) or units (sell) still reserved in the ledger for this order. */
    reserved: big('reserved')
      .notNull()
      .default(sql`0`),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Only keyed orders: NULL never conflicts (migration 0036).
    uniqueIndex('orders_user_idempotency_key_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('orders_open_by_instrument_idx')
      .on(t.instrumentId, t.sequence)
      .where(sql`${t.status} = 'open'`),
    // Surveillance's spoofing rule: one instrument's orders cancelled in a time range.
    index('orders_cancelled_by_instrument_idx')
      .on(t.instrumentId, t.updatedAt)
      .where(sql`${t.status} = 'cancelled'`),
    // A user's open orders (portfolio count, the desk's maker) whatever the user's history.
    index('orders_open_by_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_filled_within_quantity', sql`${t.filledQuantity} >= 0 and ${t.filledQuantity} <= ${t.quantity}`),
    check('orders_reserved_non_negative', sql`${t.reserved} >= 0`),
  ],
);

export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey(),
    sequence: bigserial('sequence', { mode: 'bigint' }).notNull().unique(),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id),
    buyOrderId: uuid('buy_order_id')
      .notNull()
      .references(() => orders.id),
    sellOrderId: uuid('sell_order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    takerSide: text('taker_side').$type<'buy' | 'sell'>().notNull(),
    price: big('price').notNull(),
    quantity: big('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trades_instrument_created_idx').on(t.instrumentId, t.createdAt),
    index('trades_instrument_sequence_idx').on(t.instrumentId, t.sequence),
    index('trades_buyer_idx').on(t.buyerId, t.createdAt),
    index('trades_seller_idx').on(t.sellerId, t.createdAt),
    index('trades_created_idx').on(t.createdAt),
    check('trades_positive', sql`${t.price} > 0 and ${t.quantity} > 0`),
  ],
);

export const SETTLEMENT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** One per trade: the delivery-versus-payment journal entry that settled it. */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .unique()
      .references(() => trades.id),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    status: text('status').$type<(typeof SETTLEMENT_STATUSES)[number]>().notNull(),
    currency: text('currency').notNull(),
    cashAmount: big('cash_amount').notNull(),
    units: big('units').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Intended settlement date (trade date + the instrument's cycle in business days). */
    settleOn: date('settle_on', { mode: 'string' }),
    /** Why the last attempt failed (a missing leg); retried on the next business day. */
    failureReason: text('failure_reason'),
    attempts: integer('attempts')
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    // Open settlements only (few, whatever the history), in the order the run claims them.
    index('settlements_open_idx')
      .on(t.settleOn, t.createdAt)
      .where(sql`${t.status} in ('pending', 'processing', 'failed')`),
  ],
);
