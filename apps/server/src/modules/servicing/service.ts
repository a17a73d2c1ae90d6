import { fromMinorUnits } from '@meridian/schemas';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryingTransaction } from '../../db/retry';
import { instruments, servicingEvents } from '../../db/schema';
import { computeEvents, holderSign } from '../instruments/engine';
import { distribute, getOrCreateUserAccount } from '../ledger';
import { claimDueEvent, sharesOfRecord, type ClaimedEvent } from './queries';
import { scheduledPayments } from './schedule';

/** Instrument statuses after which nothing more is serviced or traded. */
export const CLOSED_STATUSES = new Set(['matured', 'defaulted']);

export interface EventOutcome {
  eventId: string;
  instrumentId: string;
  status: 'paid' | 'missed' | 'failed';
  /** The instrument's new status when this event closed it. */
  closed?: 'matured' | 'defaulted';
}

/**
 * Writes the servicing_events rows of every active instrument (idempotent: the unique
 * (instrument, type, time) key ignores rows already there). An instrument whose events the
 * engine cannot compute gets one `failed` row with the reason instead of silence.
 */
export async function materialiseSchedules(db: Db): Promise<number> {
  const rows = await db
    .select({
      id: instruments.id,
      terms: instruments.terms,
      observations: instruments.observations,
      createdAt: instruments.createdAt,
      currency: instruments.currency,
    })
    .from(instruments)
    .where(eq(instruments.status, 'active'));
  let written = 0;
  for (const row of rows) {
    const events = computeEvents(row.terms as never, row.observations as never);
    const values = events.ok
      ? scheduledPayments(events.value, holderSign(row.terms as never), row.createdAt, row.currency).map((p) => ({
          instrumentId: row.id,
          eventType: p.eventType,
          eventTime: p.eventTime,
          recordTime: p.recordTime,
          scheduledAmount: p.amount,
        }))
      : [
          {
            instrumentId: row.id,
            eventType: 'SCHEDULE',
            eventTime: row.createdAt,
            recordTime: row.createdAt,
            scheduledAmount: 0n,
            status: 'failed' as const,
            reason: `ACTUS engine could not compute the schedule: ${events.problems.map((p) => p.message).join('; ')}`,
          },
        ];
    if (values.length === 0) continue;
    const inserted = await db
      .insert(servicingEvents)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: servicingEvents.id });
    written += inserted.length;
  }
  return written;
}

/**
 * Pays (or records as missed) every event due at `now`, oldest first, one transaction per
 * event. Safe to run from several processes at once and after any crash: an event row is
 * claimed with SKIP LOCKED and marked in the transaction that pays it; a transaction the
 * database aborted as a deadlock or serialization failure paid nothing and is run again.
 */
export async function runDueEvents(db: Db, now: Date): Promise<EventOutcome[]> {
  const outcomes: EventOutcome[] = [];
  for (;;) {
    // A deadlock (the issuer's or a holder's balance row against an order batch) is run again.
    const outcome = await retryingTransaction(db, async (tx) => {
      const event = await claimDueEvent(tx, now);
      return event ? serviceEvent(tx, event, now) : null;
    });
    if (!outcome) return outcomes;
    outcomes.push(outcome);
  }
}

async function serviceEvent(tx: Tx, event: ClaimedEvent, now: Date): Promise<EventOutcome> {
  const [instrument] = await tx
    .select({
      status: instruments.status,
      units: instruments.units,
      currency: instruments.currency,
      issuerUserId: instruments.issuerUserId,
    })
    .from(instruments)
    .where(eq(instruments.id, event.instrumentId))
    .for('update');
  const base = { eventId: event.id, instrumentId: event.instrumentId };
  if (CLOSED_STATUSES.has(instrument!.status)) {
    await mark(tx, event.id, now, { status: 'missed', reason: `Instrument is ${instrument!.status}` });
    return { ...base, status: 'missed' };
  }
  if (event.amount < 0n) {
    const reason = 'Payment from holders to the issuer is not serviced on the platform';
    await mark(tx, event.id, now, { status: 'failed', reason });
    return { ...base, status: 'failed' };
  }
  const issuerAccount = await getOrCreateUserAccount(tx, instrument!.issuerUserId);
  const currency = instrument!.currency;
  // Every holder's share computed and posted in the database (set-based, decision 0053).
  const payment = await distribute(tx, {
    kind: 'servicing',
    reference: `servicing:${event.id}`,
    createdAt: now,
    payer: { accountId: issuerAccount, assetType: 'cash', asset: currency },
    recipients: sharesOfRecord(event, instrument!.units, currency, issuerAccount),
  });
  if (payment.status === 'short') {
    const reason = `Issuer could not pay ${fromMinorUnits(payment.total)} ${currency} (available ${fromMinorUnits(payment.available)})`;
    await mark(tx, event.id, now, { status: 'missed', reason, holders: payment.count, paidAmount: 0n });
    await tx.update(instruments).set({ status: 'defaulted' }).where(eq(instruments.id, event.instrumentId));
    return { ...base, status: 'missed', closed: 'defaulted' };
  }
  await mark(tx, event.id, now, {
    status: 'paid',
    holders: payment.count,
    paidAmount: payment.total,
    journalEntryId: payment.entryId,
  });
  if (event.eventType === 'MD') {
    await tx.update(instruments).set({ status: 'matured' }).where(eq(instruments.id, event.instrumentId));
    return { ...base, status: 'paid', closed: 'matured' };
  }
  return { ...base, status: 'paid' };
}

function mark(
  tx: Tx,
  id: string,
  now: Date,
  values: {
    status: 'paid' | 'missed' | 'failed';
    reason?: string;
    holders?: number;
    paidAmount?: bigint;
    journalEntryId?: string | null;
  },
) {
  return tx
    .update(servicingEvents)
    .set({ ...values, processedAt: now })
    .where(and(eq(servicingEvents.id, id), eq(servicingEvents.status, 'scheduled')));
}
