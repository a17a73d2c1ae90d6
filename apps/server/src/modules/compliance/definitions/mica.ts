import { fromMinorUnits } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/client';
import type { RecordSet, ReportContext, ReportDefinition, Row } from '../model';
import { PAGE_SIZE } from '../trade-queries';
import { partyLei } from './common';

// MiCA Art. 76(15) order-book records (kept for the competent authority; the record-keeping RTS
// follows MiFID II RTS 24): every order event of the period — new order, each (partial) fill,
// cancellation — with identifiers, side, price, quantity, timestamps to the millisecond and the
// status after the event. Every instrument on Meridian is issued as a token on its ledger, so
// every order book is in scope. Events are derived from the orders and trades tables (an order's
// creation, its fills, its cancellation time = last update of a cancelled order), read in keyset
// pages of (time, kind, sequence). RTS 24 has no XML schema: the native format is CSV.

export const MICA_COLUMNS = [
  'eventTime',
  'event',
  'orderId',
  'tradeId',
  'participantLei',
  'userId',
  'isin',
  'instrumentName',
  'side',
  'orderType',
  'timeInForce',
  'limitPrice',
  'currency',
  'orderQuantity',
  'eventQuantity',
  'eventPrice',
  'remainingQuantity',
  'statusAfter',
  'cancelReason',
] as const;

interface EventRow {
  at: string;
  at_key: string;
  kind: number;
  seq: string;
  order_id: string;
  trade_id: string | null;
  user_id: string;
  org_id: string | null;
  lei: string | null;
  isin: string | null;
  instrument_name: string;
  side: string;
  type: string;
  time_in_force: string;
  limit_price: string | null;
  currency: string;
  quantity: string;
  event_quantity: string | null;
  event_price: string | null;
  filled_after: string | null;
  status: string;
  cancel_reason: string | null;
}

type Cursor = { at: string; kind: number; seq: string; orderId: string };

function eventsCte(ctx: ReportContext) {
  const from = ctx.from.toISOString();
  const to = ctx.to.toISOString();
  const scope = ctx.organisationId ? sql`and u.organisation_id = ${ctx.organisationId}` : sql``;
  // kind: 0 new, 1 fill, 2 cancel — the order of events that share a millisecond.
  return sql`with scoped as (
      select o.*, u.organisation_id as org_id, org.lei, i.isin, i.name as instrument_name, i.currency
      from orders o join users u on u.id = o.user_id left join organisations org on org.id = u.organisation_id
      join instruments i on i.id = o.instrument_id where true ${scope}),
    fills as (
      select s.id as order_id, t.id as trade_id, t.created_at, t.sequence, t.quantity, t.price,
             sum(t.quantity) over (partition by s.id order by t.sequence) as filled_after
      from trades t join scoped s on s.id = t.buy_order_id or s.id = t.sell_order_id
      where t.created_at < ${to}::timestamptz),
    events as (
      select s.created_at as at_key, 0 as kind, s.sequence as seq, s.id as order_id, null::uuid as trade_id,
             null::bigint as event_quantity, null::bigint as event_price, 0::bigint as filled_after, 'open' as status_after
      from scoped s where s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz
      union all
      select f.created_at, 1, f.sequence, f.order_id, f.trade_id, f.quantity, f.price, f.filled_after, null
      from fills f where f.created_at >= ${from}::timestamptz
      union all
      select s.updated_at, 2, s.sequence, s.id, null, null, null, s.filled_quantity, 'cancelled'
      from scoped s where s.status = 'cancelled' and s.updated_at >= ${from}::timestamptz and s.updated_at < ${to}::timestamptz)`;
}

function eventsQuery(ctx: ReportContext, after: Cursor | null) {
  const cursor = after
    ? sql`where (e.at_key, e.kind, e.seq, e.order_id) > (${after.at}::timestamptz, ${after.kind}, ${after.seq}::bigint, ${after.orderId}::uuid)`
    : sql``;
  return sql`${eventsCte(ctx)}
    select to_char(e.at_key at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, e.at_key::text as at_key, e.kind,
           e.seq::text as seq, e.order_id, e.trade_id, s.user_id, s.org_id, s.lei, s.isin, s.instrument_name, s.side,
           s.type, s.time_in_force, s.price::text as limit_price, s.currency, s.quantity::text as quantity,
           e.event_quantity::text as event_quantity, e.event_price::text as event_price, e.filled_after::text as filled_after,
           coalesce(e.status_after, case when e.filled_after >= s.quantity then 'filled' else 'partially_filled' end) as status,
           s.cancel_reason
    from events e join scoped s on s.id = e.order_id ${cursor}
    order by e.at_key, e.kind, e.seq, e.order_id limit ${PAGE_SIZE}`;
}

const EVENT_CODES = ['NEWO', 'FILL', 'CAME'] as const;

function eventRow(e: EventRow, ctx: ReportContext): Row {
  const fill = e.kind === 1;
  const quantity = BigInt(e.quantity);
  const filled = BigInt(e.filled_after ?? '0');
  return {
    eventTime: e.at,
    // RTS 24 field 21 event codes: NEWO new order, FILL / PARF fill, CAME cancellation.
    event: fill ? (filled >= quantity ? 'FILL' : 'PARF') : EVENT_CODES[e.kind]!,
    orderId: e.order_id,
    tradeId: e.trade_id,
    participantLei: partyLei(e.org_id, e.lei, ctx),
    userId: e.user_id,
    isin: e.isin,
    instrumentName: e.instrument_name,
    side: e.side === 'buy' ? 'BUYI' : 'SELL',
    orderType: e.type === 'limit' ? 'LMTO' : 'MAKT',
    timeInForce: e.time_in_force,
    limitPrice: e.limit_price === null ? null : fromMinorUnits(BigInt(e.limit_price)),
    currency: e.currency,
    orderQuantity: e.quantity,
    eventQuantity: e.event_quantity,
    eventPrice: e.event_price === null ? null : fromMinorUnits(BigInt(e.event_price)),
    remainingQuantity: (quantity - filled).toString(),
    statusAfter: e.status,
    cancelReason: e.kind === 2 ? e.cancel_reason : null,
  };
}

async function countEvents(ctx: ReportContext): Promise<number> {
  const [row] = await selectRows<{ n: string }>(ctx.db, sql`${eventsCte(ctx)} select count(*)::text as n from events`);
  return Number(row?.n ?? 0);
}

export const micaReport: ReportDefinition = {
  type: 'MICA',
  nativeFormat: 'CSV',
  count: countEvents,
  recordSets(ctx): RecordSet[] {
    return [
      {
        name: 'order_events',
        columns: MICA_COLUMNS,
        async *pages() {
          let after: Cursor | null = null;
          for (;;) {
            const rows: EventRow[] = await selectRows<EventRow>(ctx.db, eventsQuery(ctx, after));
            if (rows.length === 0) return;
            yield rows.map((e) => eventRow(e, ctx));
            if (rows.length < PAGE_SIZE) return;
            const last: EventRow = rows.at(-1)!;
            after = { at: last.at_key, kind: Number(last.kind), seq: last.seq, orderId: last.order_id };
          }
        },
      },
    ];
  },
};
