import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { instruments } from './instruments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * API instances of a cluster on one PostgreSQL database (docs/decisions 0029). Each one
 * beats its row; a row whose beat is older than the lease time is a dead instance. The
 * live rows decide how instrument ownership is spread.
 */
export const clusterMembers = pgTable(
  'cluster_members',
  {
    /** Random per process start; also names its NATS request subject. */
    id: text('id').primaryKey(),
    startedAt: ts('started_at').notNull(),
    heartbeatAt: ts('heartbeat_at').notNull(),
  },
  (t) => [index('cluster_members_heartbeat_idx').on(t.heartbeatAt)],
);

/**
 * Who writes an instrument's book. Taking a lease over (it expired) raises `epoch`; every
 * batch write checks owner and epoch in its own statement (instrument_fence), so a former
 * owner that was paused or cut off can never commit. Rows are never deleted (release sets
 * `expires_at` in the past), so the epoch only grows.
 */
export const instrumentLeases = pgTable(
  'instrument_leases',
  {
    instrumentId: uuid('instrument_id')
      .primaryKey()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    epoch: bigint('epoch', { mode: 'bigint' }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    acquiredAt: ts('acquired_at').notNull(),
  },
  (t) => [index('instrument_leases_expires_idx').on(t.expiresAt)],
);
