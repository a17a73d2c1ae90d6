import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';

/**
 * Units of an instrument held per user account at `cutoff` (exclusive), from the journal:
 * settled positions of record. Units reserved by open sell orders are still the holder's
 * (a reservation moves nothing in the journal), so they count. Read-only.
 */
export async function holdingsOfRecord(
  db: Db | Tx,
  instrumentId: string,
  cutoff: Date,
  excludeAccountId: string,
): Promise<Map<string, bigint>> {
  const rows = await selectRows<{ account_id: string; units: string }>(
    db,
    sql`select l.account_id, sum(l.amount)::text as units
      from journal_lines l
      join journal_entries e on e.id = l.entry_id
      join ledger_accounts a on a.id = l.account_id
      where l.asset_type = 'units' and l.asset = ${instrumentId} and a.user_id is not null
        and l.account_id <> ${excludeAccountId} and e.created_at < ${cutoff.toISOString()}
      group by l.account_id
      having sum(l.amount) > 0`,
  );
  return new Map(rows.map((r) => [r.account_id, BigInt(r.units)]));
}

export interface ClaimedEvent {
  id: string;
  instrumentId: string;
  eventType: string;
  eventTime: Date;
  recordTime: Date;
  amount: bigint;
}

/**
 * Claims the earliest due scheduled event no other run holds (FOR UPDATE SKIP LOCKED):
 * the row stays locked until the caller's transaction marks it, so with several
 * processes each event is paid by exactly one of them.
 */
export async function claimDueEvent(tx: Tx, now: Date): Promise<ClaimedEvent | null> {
  const [row] = await selectRows<{
    id: string;
    instrument_id: string;
    event_type: string;
    event_time: string | Date;
    record_time: string | Date;
    scheduled_amount: string;
  }>(
    tx,
    sql`select id, instrument_id, event_type, event_time, record_time, scheduled_amount::text
      from servicing_events
      where status = 'scheduled' and event_time <= ${now.toISOString()}
      order by event_time, instrument_id
      limit 1
      for update skip locked`,
  );
  if (!row) return null;
  return {
    id: row.id,
    instrumentId: row.instrument_id,
    eventType: row.event_type,
    eventTime: new Date(row.event_time),
    recordTime: new Date(row.record_time),
    amount: BigInt(row.scheduled_amount),
  };
}
