import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { journalEntries } from './ledger';

/**
 * Every custody cash movement booked through the API, written in the move's transaction:
 * retries under the same `Idempotency-Key` find their first answer here, and a bank reference
 * is booked once per direction (the unique index refuses the second).
 */
export const custodyMoves = pgTable(
  'custody_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The custodian who asked for the move. */
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction').$type<'deposit' | 'withdraw'>().notNull(),
    reference: text('reference').notNull(),
    /** Client-chosen key; null when the request came without one. */
    idempotencyKey: text('idempotency_key'),
    /** The normalised request (holder, currency, minor amount, reference) a retry must match. */
    request: text('request').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    /** The 201 body first sent, sent again to a retry. */
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custody_moves_actor_key_uq').on(t.actorId, t.idempotencyKey),
    uniqueIndex('custody_moves_reference_uq').on(t.direction, t.reference),
    check('custody_moves_direction_check', sql`${t.direction} in ('deposit', 'withdraw')`),
  ],
);
