import {
  CURRENCY_DECIMALS,
  LEDGER_DECIMALS,
  fromMinorUnits,
  type InstrumentEvent,
  type InstrumentEvents,
  type ServicingPayment,
} from '@meridian/schemas';
import { eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { instruments } from '../../db/schema';
import { computeEvents, holderSign } from '../instruments/engine';
import { scheduledPayments } from './schedule';

/** Shown beside the events: how holders of record and their shares are determined. */
export const RECORD_DATE_CONVENTION =
  'Holders of record are the settled holdings at the end of the day before the payment date (UTC); ' +
  'units in open sell orders still count, units awaiting T+N settlement belong to the seller. ' +
  'Each holder receives the scheduled amount x units held / units in issue, rounded down to the cent; the residual stays with the issuer.';

type EventRow = {
  id: string;
  event_type: string;
  event_time: string | Date;
  record_time: string | Date;
  scheduled_amount: string;
  status: InstrumentEvent['status'];
  holders: number | null;
  reason: string | null;
  processed_at: string | Date | null;
  posted: string | null;
  own: string | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();
const money = (v: string | null) => (v === null ? null : fromMinorUnits(BigInt(v)));

/**
 * An instrument's payment events: every payable date of its ACTUS schedule from listing on,
 * merged with the servicing rows (status, reason) and what the journal actually posted to
 * holders (sum of their cash lines) and to `userId`. Null when the instrument does not exist.
 */
export async function instrumentEventsView(
  db: Db,
  instrumentId: string,
  userId: string,
  now = new Date(),
): Promise<InstrumentEvents | null> {
  const [instrument] = await db
    .select({
      terms: instruments.terms,
      observations: instruments.observations,
      createdAt: instruments.createdAt,
      units: instruments.units,
      currency: instruments.currency,
    })
    .from(instruments)
    .where(eq(instruments.id, instrumentId));
  if (!instrument) return null;
  const rows = await selectRows<EventRow>(
    db,
    sql`select e.id, e.event_type, e.event_time, e.record_time, e.scheduled_amount::text, e.status, e.holders,
        e.reason, e.processed_at, p.posted::text, coalesce(p.own, m.own)::text as own
      from servicing_events e
      left join lateral (
        select sum(l.amount) filter (where l.amount > 0) as posted, sum(l.amount) filter (where a.user_id = ${userId}) as own
        from journal_lines l join ledger_accounts a on a.id = l.account_id
        where l.entry_id = e.journal_entry_id and l.asset_type = 'cash'
      ) p on true
      left join lateral (${missedShare(userId)}) m on e.status = 'missed'
        or (e.status = 'scheduled' and e.event_time <= ${now.toISOString()})
      where e.instrument_id = ${instrumentId}
      order by e.event_time, e.event_type`,
  );
  const events = new Map<string, InstrumentEvent>();
  const computed = computeEvents(instrument.terms as never, instrument.observations as never);
  if (computed.ok) {
    for (const p of scheduledPayments(
      computed.value,
      holderSign(instrument.terms as never),
      instrument.createdAt,
      instrument.currency,
    )) {
      events.set(`${p.eventType}|${p.eventTime.toISOString()}`, {
        id: null,
        eventType: p.eventType,
        eventTime: p.eventTime.toISOString(),
        recordTime: p.recordTime.toISOString(),
        scheduledAmount: fromMinorUnits(p.amount),
        status: 'scheduled',
        paidAmount: null,
        holders: null,
        ownAmount: null,
        reason: null,
        processedAt: null,
      });
    }
  }
  for (const r of rows) {
    events.set(`${r.event_type}|${iso(r.event_time)}`, {
      id: r.id,
      eventType: r.event_type,
      eventTime: iso(r.event_time),
      recordTime: iso(r.record_time),
      scheduledAmount: fromMinorUnits(BigInt(r.scheduled_amount)),
      status: r.status,
      // What the journal moved to holders; a paid event with no holders of record posted nothing.
      paidAmount: r.status === 'paid' ? (money(r.posted) ?? '0.00') : null,
      holders: r.holders,
      ownAmount: money(r.own),
      reason: r.reason,
      processedAt: r.processed_at === null ? null : iso(r.processed_at),
    });
  }
  return {
    instrumentId,
    currency: instrument.currency,
    units: Number(instrument.units),
    convention: RECORD_DATE_CONVENTION,
    events: [...events.values()].sort(
      (a, b) => a.eventTime.localeCompare(b.eventTime) || a.eventType.localeCompare(b.eventType),
    ),
  };
}

/**
 * Ledger units per minor unit of the instrument's currency (1 for cents, 100 for whole yen), as
 * SQL over `i.currency`: what is shown as owed follows the payment rule of `sharesOf` (the total
 * floored to the minor unit, each share in whole minor units).
 */
const MINOR_STEP = sql.raw(
  `(case i.currency ${Object.entries(CURRENCY_DECIMALS)
    .filter(([, decimals]) => decimals !== LEDGER_DECIMALS)
    .map(([code, decimals]) => `when '${code}' then ${10 ** (LEDGER_DECIMALS - decimals)}`)
    .join(' ')} else 1 end)`,
);

/**
 * The share of a missed (or due, not yet paid) event `userId` would receive: floor(scheduled x units of record /
 * units in issue), units of record from the journal before the record time (as when paying).
 * The issuer's own units are never paid, so the issuer has no share. Used inside a lateral join
 * over `servicing_events e`.
 */
function missedShare(userId: string) {
  return sql`select div(div(e.scheduled_amount, ${MINOR_STEP}) * h.units::numeric, i.units::numeric) * ${MINOR_STEP} as own
    from instruments i
    cross join lateral (
      select sum(l.amount) as units from journal_lines l
      join journal_entries je on je.id = l.entry_id
      join ledger_accounts a on a.id = l.account_id
      where a.user_id = ${userId} and l.asset_type = 'units' and l.asset = e.instrument_id::text
        and je.created_at < e.record_time
    ) h
    where i.id = e.instrument_id and h.units > 0 and e.scheduled_amount > 0
      and i.issuer_user_id <> ${userId}::uuid`;
}

type PaymentRow = {
  id: string;
  instrument_id: string;
  instrument_name: string;
  event_type: string;
  amount: string;
  currency: string;
  status: ServicingPayment['status'];
  at: string | Date;
  reason: string | null;
};

/**
 * The servicing payments `userId` received (journal lines of servicing entries to the user's
 * account: completed, i.e. settled), the ones due to the user as holder of record that the
 * servicing run has not posted yet (pending, their share as the run will compute it) and the ones
 * an issuer missed while the user held units of record (failed), newest first.
 */
export async function myServicingPayments(
  db: Db,
  userId: string,
  limit: number,
  now = new Date(),
): Promise<ServicingPayment[]> {
  const rows = await selectRows<PaymentRow>(
    db,
    sql`select * from (
        select e.id, e.instrument_id, i.name as instrument_name, e.event_type, l.amount::text as amount,
          i.currency, 'completed' as status, je.created_at as at, null as reason
        from journal_lines l
        join ledger_accounts a on a.id = l.account_id
        join journal_entries je on je.id = l.entry_id
        join servicing_events e on e.journal_entry_id = je.id
        join instruments i on i.id = e.instrument_id
        where a.user_id = ${userId} and je.kind = 'servicing' and l.asset_type = 'cash' and l.amount > 0
      union all
        select e.id, e.instrument_id, i.name, e.event_type, m.own::text, i.currency, 'failed', e.processed_at, e.reason
        from servicing_events e
        join instruments i on i.id = e.instrument_id
        cross join lateral (${missedShare(userId)}) m
        where e.status = 'missed' and m.own > 0
      union all
        select e.id, e.instrument_id, i.name, e.event_type, m.own::text, i.currency, 'pending', e.event_time,
          'Due: waiting for the servicing run to post it'
        from servicing_events e
        join instruments i on i.id = e.instrument_id
        cross join lateral (${missedShare(userId)}) m
        where e.status = 'scheduled' and e.event_time <= ${now.toISOString()} and m.own > 0
      ) p
      order by at desc, id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    instrumentId: r.instrument_id,
    instrumentName: r.instrument_name,
    eventType: r.event_type,
    amount: fromMinorUnits(BigInt(r.amount)),
    currency: r.currency,
    status: r.status,
    time: iso(r.at),
    reason: r.reason,
  }));
}
