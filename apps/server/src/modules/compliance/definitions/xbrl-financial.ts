import { fromMinorUnits } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/client';
import { PermanentJobError } from '../../jobs';
import { XBRL_FACT_COLUMNS, type ReportContext, type ReportDefinition, type Row } from '../model';

// Each organisation's balance sheet and P&L from the ledger, per currency (no FX conversion:
// every figure keeps its own ISO 4217 unit, which XBRL carries natively).
//   Cash                  sum of the organisation's users' cash lines up to the period end
//   InstrumentHoldings    units held × last trade price before the instant (face value if never
//                         traded); instruments the organisation issued itself are not its assets
//   PurchasesOfInstruments / ProceedsFromSales   trades in the period
//   ChangeInHoldingsValue holdings at end − holdings at start
//   TradingProfitOrLoss   change in holdings value + proceeds − purchases (mark-to-market result)
// Ledger tables are read here, never written (the ledger module owns every movement).

interface FinancialRow {
  orgId: string;
  lei: string | null;
  name: string;
  currency: string;
  cash: string;
  holdingsEnd: string;
  holdingsStart: string;
  purchases: string;
  proceeds: string;
}

export async function financialPositions(ctx: ReportContext): Promise<FinancialRow[]> {
  const from = ctx.from.toISOString();
  const to = ctx.to.toISOString();
  const orgFilter = ctx.organisationId ? sql`and u.organisation_id = ${ctx.organisationId}` : sql``;
  const lastPrice = (instant: string) =>
    sql`coalesce((select t.price from trades t where t.instrument_id = i.id and t.created_at < ${instant}::timestamptz
                  order by t.created_at desc, t.sequence desc limit 1), i.face_value)`;
  return selectRows<FinancialRow>(
    ctx.db,
    sql`with org_users as (select u.id as user_id, u.organisation_id as org from users u where u.organisation_id is not null ${orgFilter}),
      lines as (
        select ou.org, jl.asset_type, jl.asset, jl.amount, je.created_at
        from journal_lines jl join journal_entries je on je.id = jl.entry_id
        join ledger_accounts la on la.id = jl.account_id join org_users ou on ou.user_id = la.user_id
        where je.created_at < ${to}::timestamptz),
      cash as (select org, asset as currency, sum(amount) as cash from lines where asset_type = 'cash' group by org, asset),
      units as (
        select l.org, l.asset::uuid as instrument_id,
               sum(l.amount) as units_end,
               sum(case when l.created_at < ${from}::timestamptz then l.amount else 0 end) as units_start
        from lines l where l.asset_type = 'units' group by l.org, l.asset),
      holdings as (
        select u.org, i.currency, sum(u.units_end * ${lastPrice(to)}) as h_end, sum(u.units_start * ${lastPrice(from)}) as h_start
        from units u join instruments i on i.id = u.instrument_id
        where i.issuer_org_id is distinct from u.org group by u.org, i.currency),
      flows as (
        select ou.org, i.currency,
               sum(case when t.buyer_id = ou.user_id then t.price * t.quantity else 0 end) as purchases,
               sum(case when t.seller_id = ou.user_id then t.price * t.quantity else 0 end) as proceeds
        from trades t join instruments i on i.id = t.instrument_id
        join org_users ou on ou.user_id = t.buyer_id or ou.user_id = t.seller_id
        where t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
        group by ou.org, i.currency),
      keys as (select org, currency from cash union select org, currency from holdings union select org, currency from flows)
    select k.org as "orgId", o.lei, o.name, k.currency,
           coalesce(c.cash, 0)::text as cash, coalesce(h.h_end, 0)::text as "holdingsEnd",
           coalesce(h.h_start, 0)::text as "holdingsStart",
           coalesce(f.purchases, 0)::text as purchases, coalesce(f.proceeds, 0)::text as proceeds
    from keys k join organisations o on o.id = k.org
    left join cash c on c.org = k.org and c.currency = k.currency
    left join holdings h on h.org = k.org and h.currency = k.currency
    left join flows f on f.org = k.org and f.currency = k.currency
    order by o.name, k.currency`,
  );
}

function facts(position: FinancialRow, ctx: ReportContext): Row[] {
  const money = (value: bigint) => fromMinorUnits(value);
  const cash = BigInt(position.cash);
  const holdingsEnd = BigInt(position.holdingsEnd);
  const change = holdingsEnd - BigInt(position.holdingsStart);
  const purchases = BigInt(position.purchases);
  const proceeds = BigInt(position.proceeds);
  const base = { entityLei: position.lei, entityName: position.name, currency: position.currency, decimals: 2 };
  const instant = { ...base, periodStart: null, periodEnd: ctx.periodEnd };
  const duration = { ...base, periodStart: ctx.periodStart, periodEnd: ctx.periodEnd };
  return [
    { concept: 'Cash', ...instant, value: money(cash) },
    { concept: 'InstrumentHoldings', ...instant, value: money(holdingsEnd) },
    { concept: 'TotalAssets', ...instant, value: money(cash + holdingsEnd) },
    { concept: 'PurchasesOfInstruments', ...duration, value: money(purchases) },
    { concept: 'ProceedsFromSales', ...duration, value: money(proceeds) },
    { concept: 'ChangeInHoldingsValue', ...duration, value: money(change) },
    { concept: 'TradingProfitOrLoss', ...duration, value: money(change + proceeds - purchases) },
  ];
}

export const FACTS_PER_POSITION = 7;

export const xbrlFinancialReport: ReportDefinition = {
  type: 'XBRL',
  nativeFormat: 'XBRL',
  xbrlFacts: true,
  async count(ctx) {
    return (await financialPositions(ctx)).length * FACTS_PER_POSITION;
  },
  recordSets(ctx) {
    return [
      {
        name: 'facts',
        columns: XBRL_FACT_COLUMNS,
        async *pages() {
          const positions = await financialPositions(ctx);
          for (const p of positions)
            if (!p.lei)
              throw new PermanentJobError(`Organisation ${p.name} has no LEI; XBRL entities are identified by LEI.`);
          const rows = positions.flatMap((p) => facts(p, ctx));
          if (rows.length > 0) yield rows;
        },
      },
    ];
  },
};
