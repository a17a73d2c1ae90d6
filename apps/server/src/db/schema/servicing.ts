import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { instruments } from './instruments';
import { journalEntries } from './ledger';
import { orders } from './trading';

// Instrument lifecycle (servicing of ACTUS events) and the liquidity provider's quoting
// programmes. Money in minor units of the instrument currency (bigint).

const big = (name: string) => bigint(name, { mode: 'bigint' });

export const SERVICING_EVENT_STATUSES = ['scheduled', 'paid', 'missed', 'failed'] as const;
export type ServicingEventStatus = (typeof SERVICING_EVENT_STATUSES)[number];

/**
 * One row per ACTUS event of an instrument that moves cash to holders. The unique
 * (instrument, type, time) row is what makes a payment happen exactly once: a run claims
 * it with FOR UPDATE SKIP LOCKED and pays and marks it in the same transaction.
 */
export const servicingEvents = pgTable(
  'servicing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id),
    /** ACTUS event type: IP, PR, MD, DV, FP, PP, XD, STD. */
    eventType: text('event_type').notNull(),
    /** ACTUS event time (UTC). */
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    /** Holdings of record are those at the end of this instant (exclusive), see servicing README. */
    recordTime: timestamp('record_time', { withTimezone: true }).notNull(),
    /** The contract's payoff for the whole issue from the holder's side, in minor units (as scheduled). */
    scheduledAmount: big('scheduled_amount').notNull(),
    status: text('status').$type<ServicingEventStatus>().notNull().default('scheduled'),
    /** Paid to holders (sum of their lines); the residual of rounding stays with the issuer. */
    paidAmount: big('paid_amount'),
    holders: integer('holders'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    reason: text('reason'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('servicing_events_instrument_event_uq').on(t.instrumentId, t.eventType, t.eventTime),
    index('servicing_events_due_idx')
      .on(t.eventTime)
      .where(sql`${t.status} = 'scheduled'`),
    check('servicing_events_status_check', sql`${t.status} in ('scheduled', 'paid', 'missed', 'failed')`),
  ],
);

/** The liquidity provider's quoting programme on one instrument: how wide it quotes, whether it does. */
export const quotingProgrammes = pgTable(
  'quoting_programmes',
  {
    instrumentId: uuid('instrument_id')
      .primaryKey()
      .references(() => instruments.id),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    /** Half of the quoted spread around the mid, basis points of the mid. */
    halfSpreadBp: integer('half_spread_bp').notNull(),
    status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    check('quoting_programmes_spread_check', sql`${t.halfSpreadBp} between 1 and 500`),
    check('quoting_programmes_status_check', sql`${t.status} in ('active', 'paused')`),
  ],
);

/** The mid a quote was placed around: its fills earn |price - mid| x quantity (spread earnings). */
export const quoteMids = pgTable(
  'quote_mids',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    instrumentId: uuid('instrument_id').notNull(),
    mid: big('mid').notNull(),
  },
  (t) => [index('quote_mids_instrument_idx').on(t.instrumentId)],
);
