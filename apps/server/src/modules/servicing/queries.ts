import { money, moneyFromLedger, moneyToLedger } from '@meridian/schemas';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client';

/**
 * Units of an instrument held per user account at `cutoff` (exclusive): settled positions of
 * record. Units reserved by open sell orders are still the holder's (a reservation moves
 * nothing in the journal), so they count. A query yielding `(account_id, units)`; read-only.
 *
 * Read as the balance now minus the journal's movements of the instrument since `cutoff`
 * (decision 0065): a balance is exactly the sum of its journal lines (the ledger writes both in
 * one statement; `test/ledger-invariants.ts`) and balance rows are never deleted, so this equals
 * the sum of the lines before `cutoff` — without reading the instrument's whole history. The
 * balances come from one range of `balances_asset_idx`, the later movements from the entries
 * after `cutoff` (`journal_entries_created_idx`), a few when the run follows its record date.
 */
export function holdingsOfRecord(instrumentId: string, cutoff: Date, excludeAccountId: string): SQL {
  return sql`select b.account_id, b.total - coalesce(late.units, 0) as units
    from balances b
    join ledger_accounts a on a.id = b.account_id
    left join (
      select l.account_id, sum(l.amount) as units
      from journal_entries e
      join journal_lines l on l.entry_id = e.id
      where e.created_at >= ${cutoff.toISOString()}::timestamptz and l.asset_type = 'units' and l.asset = ${instrumentId}
      group by l.account_id) late on late.account_id = b.account_id
    where b.asset_type = 'units' and b.asset = ${instrumentId} and a.user_id is not null
      and b.account_id <> ${excludeAccountId}::uuid
      and b.total - coalesce(late.units, 0) > 0`;
}

/**
 * Each holder of record's share of an event as a query yielding `(account_id, amount)` in
 * ledger units (see sharesOf).
 */
export function sharesOfRecord(
  event: Pick<ClaimedEvent, 'instrumentId' | 'recordTime' | 'amount'>,
  issuedUnits: bigint,
  currency: string,
  issuerAccountId: string,
): SQL {
  return sharesOf(
    holdingsOfRecord(event.instrumentId, event.recordTime, issuerAccountId),
    event.amount,
    issuedUnits,
    currency,
  );
}

/**
 * Shares of `amount` (ledger units) over `holdings` (a query of `(account_id, units)`): the
 * rule of `allocate` (schedule.ts) in SQL, floor(total x units / issued units) with the total
 * first floored to the currency's minor unit and each share in whole minor units, so the
 * residual stays with the issuer. Numeric arithmetic: the product does not overflow bigint.
 */
export function sharesOf(holdings: SQL, amount: bigint, issuedUnits: bigint, currency: string): SQL {
  const total = moneyFromLedger(amount, currency, 'floor').money.minor;
  const step = moneyToLedger(money(1n, currency));
  return sql`select h.account_id,
      (div(${total.toString()}::numeric * h.units, ${issuedUnits.toString()}::numeric) * ${step.toString()})::bigint as amount
    from (${holdings}) h`;
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
