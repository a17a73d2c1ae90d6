import { fromMinorUnits, type CustodySettlement, type CustodySettlements } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';

/** Open settlements listed at most (the queue), and completed ones (Recent Settlements). */
const OPEN_LIMIT = 100;
const RECENT_LIMIT = 20;

interface SettlementRow {
  id: string;
  trade_id: string;
  instrument_id: string;
  asset: string;
  client: string;
  seller: string;
  currency: string;
  cash_amount: string;
  units: string;
  status: CustodySettlement['status'];
  settle_on: string | null;
  failure_reason: string | null;
  attempts: number;
  created_at: string | Date;
  settled_at: string | Date | null;
}

/**
 * Queue priority: failed ones and those overdue are high, those due today medium, later
 * (and finished) ones low.
 */
export function settlementPriority(
  status: CustodySettlement['status'],
  settleOn: string | null,
  today: string,
): CustodySettlement['priority'] {
  if (status === 'completed' || settleOn === null) return 'low';
  if (status === 'failed' || settleOn < today) return 'high';
  return settleOn === today ? 'medium' : 'low';
}

/** The custodian's view: counts of the open queue by status and priority, open settlements and recent completed ones. */
export async function custodySettlements(db: Db, today: string): Promise<CustodySettlements> {
  const columns = sql`s.id, s.trade_id, t.instrument_id, i.name as asset, coalesce(b.name, b.email) as client,
      coalesce(se.name, se.email) as seller, s.currency, s.cash_amount::text, s.units::text, s.status,
      s.settle_on::text, s.failure_reason, s.attempts, s.created_at, s.settled_at
    from settlements s join trades t on t.id = s.trade_id join instruments i on i.id = t.instrument_id
    join users b on b.id = t.buyer_id join users se on se.id = t.seller_id`;
  const open = await selectRows<SettlementRow>(
    db,
    sql`select ${columns} where s.status in ('pending', 'processing', 'failed')
      order by s.settle_on, s.created_at limit ${OPEN_LIMIT}`,
  );
  const recent = await selectRows<SettlementRow>(
    db,
    sql`select ${columns} where s.status = 'completed' order by s.settled_at desc, s.created_at desc limit ${RECENT_LIMIT}`,
  );
  const [counts] = await selectRows<Record<string, number>>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'processing')::int as processing,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'failed' or settle_on < ${today})::int as high,
        count(*) filter (where status <> 'failed' and settle_on = ${today})::int as medium,
        count(*) filter (where status <> 'failed' and settle_on > ${today})::int as low
      from settlements where status in ('pending', 'processing', 'failed')`,
  );
  return {
    queue: {
      pending: counts?.pending ?? 0,
      processing: counts?.processing ?? 0,
      failed: counts?.failed ?? 0,
      high: counts?.high ?? 0,
      medium: counts?.medium ?? 0,
      low: counts?.low ?? 0,
    },
    settlements: [...open, ...recent].map((r) => toDto(r, today)),
  };
}

function toDto(r: SettlementRow, today: string): CustodySettlement {
  return {
    id: r.id,
    tradeId: r.trade_id,
    client: r.client,
    seller: r.seller,
    asset: r.asset,
    instrumentId: r.instrument_id,
    currency: r.currency,
    amount: fromMinorUnits(BigInt(r.cash_amount)),
    units: r.units,
    status: r.status,
    priority: settlementPriority(r.status, r.settle_on, today),
    settleOn: r.settle_on,
    failureReason: r.failure_reason,
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at).toISOString(),
    settledAt: r.settled_at === null ? null : new Date(r.settled_at).toISOString(),
  };
}

/** Totals of the unsettled and failed settlements per currency, minor units (custody risk figures). */
export async function openSettlementValues(db: Db): Promise<{ currency: string; unsettled: bigint; failed: bigint }[]> {
  const rows = await selectRows<{ currency: string; unsettled: string; failed: string }>(
    db,
    sql`select currency, sum(cash_amount)::text as unsettled,
        coalesce(sum(cash_amount) filter (where status = 'failed'), 0)::text as failed
      from settlements where status in ('pending', 'processing', 'failed') group by currency`,
  );
  return rows.map((r) => ({ currency: r.currency, unsettled: BigInt(r.unsettled), failed: BigInt(r.failed) }));
}

/** Share of settlements due in the last 30 days that completed on their date (percent); null without any. */
export async function onTimeRate(db: Db, today: string): Promise<number | null> {
  const [row] = await selectRows<{ due: number; on_time: number }>(
    db,
    sql`select count(*)::int as due,
        count(*) filter (where status = 'completed' and attempts <= 1
          and (settled_at at time zone 'UTC')::date <= settle_on)::int as on_time
      from settlements
      where settle_on > (${today}::date - 30) and settle_on <= ${today}::date`,
  );
  if (!row || row.due === 0) return null;
  return Math.round((row.on_time / row.due) * 1000) / 10;
}
