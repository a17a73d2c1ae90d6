import { sql, type SQL } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import type { ReportContext } from './model';

/** Rows read per round trip while streaming a report. */
export const PAGE_SIZE = 2_000;

/** A trade with what every trade report needs; parties without an organisation trade for the operator. */
export interface TradeRow {
  sequence: string;
  id: string;
  createdAt: string;
  price: string;
  quantity: string;
  takerSide: 'buy' | 'sell';
  instrumentId: string;
  instrumentName: string;
  isin: string | null;
  contractType: string;
  currency: string;
  maturityDate: string | null;
  buyerOrgId: string | null;
  buyerLei: string | null;
  sellerOrgId: string | null;
  sellerLei: string | null;
}

/** Derivative contract types (SPEC §9) reported under EMIR. */
export const DERIVATIVE_TYPES = ['OPTNS', 'FUTUR', 'SWAPS', 'SWPPV', 'CEG', 'CEC'] as const;

function tradeFilter(ctx: ReportContext, derivativesOnly: boolean): SQL {
  const parts = [
    sql`t.created_at >= ${ctx.from.toISOString()}::timestamptz and t.created_at < ${ctx.to.toISOString()}::timestamptz`,
  ];
  if (ctx.organisationId)
    parts.push(sql`(bu.organisation_id = ${ctx.organisationId} or su.organisation_id = ${ctx.organisationId})`);
  if (derivativesOnly)
    parts.push(
      sql`i.contract_type in (${sql.join(
        DERIVATIVE_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` and `);
}

const FROM = sql`from trades t
  join instruments i on i.id = t.instrument_id
  join users bu on bu.id = t.buyer_id
  join users su on su.id = t.seller_id
  left join organisations bo on bo.id = bu.organisation_id
  left join organisations so on so.id = su.organisation_id`;

/** Trade sides in scope: both sides of every trade market-wide, the organisation's sides otherwise. */
export async function countTradeSides(ctx: ReportContext, derivativesOnly = false): Promise<number> {
  const org = ctx.organisationId;
  const sides = org
    ? sql`(case when bu.organisation_id = ${org} then 1 else 0 end) + (case when su.organisation_id = ${org} then 1 else 0 end)`
    : sql`2`;
  const [row] = await selectRows<{ n: string }>(
    ctx.db,
    sql`select coalesce(sum(${sides}), 0)::text as n ${FROM} where ${tradeFilter(ctx, derivativesOnly)}`,
  );
  return Number(row?.n ?? 0);
}

export interface ExecutionSummaryRow {
  contractType: string;
  currency: string;
  executions: string;
  quantity: string;
  value: string;
  aggressive: string;
}

/** Best-execution figures per instrument class and currency over the sides in scope. */
export async function executionSummary(ctx: ReportContext): Promise<ExecutionSummaryRow[]> {
  const org = ctx.organisationId;
  const inScope = org
    ? sql`((s.side = 'buy' and bu.organisation_id = ${org}) or (s.side = 'sell' and su.organisation_id = ${org}))`
    : sql`true`;
  return selectRows<ExecutionSummaryRow>(
    ctx.db,
    sql`select i.contract_type as "contractType", i.currency, count(*)::text as executions,
          sum(t.quantity)::text as quantity, sum(t.price * t.quantity)::text as value,
          sum(case when s.side = t.taker_side then 1 else 0 end)::text as aggressive
        ${FROM} cross join (values ('buy'), ('sell')) as s(side)
        where ${tradeFilter(ctx, false)} and ${inScope}
        group by i.contract_type, i.currency order by i.contract_type, i.currency`,
  );
}

/**
 * Keyset pages by trade sequence: constant memory however many trades the period holds. The
 * period's first and last sequence are found once (created_at index), then each page is a
 * range scan of the sequence index rather than a re-scan and sort of the whole period.
 */
export async function* tradePages(ctx: ReportContext, derivativesOnly = false): AsyncGenerator<TradeRow[]> {
  const [bounds] = await selectRows<{ first: string | null; last: string | null }>(
    ctx.db,
    sql`select (min(sequence) - 1)::text as first, max(sequence)::text as last from trades
        where created_at >= ${ctx.from.toISOString()}::timestamptz and created_at < ${ctx.to.toISOString()}::timestamptz`,
  );
  if (!bounds?.last) return;
  let after = bounds.first!;
  const last = bounds.last;
  while (BigInt(after) < BigInt(last)) {
    const upTo = (BigInt(after) + BigInt(PAGE_SIZE)).toString();
    const rows = await selectRows<TradeRow>(
      ctx.db,
      sql`select t.sequence::text as "sequence", t.id, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
            t.price::text as price, t.quantity::text as quantity, t.taker_side as "takerSide",
            i.id as "instrumentId", i.name as "instrumentName", i.isin, i.contract_type as "contractType", i.currency,
            i.maturity_date::text as "maturityDate",
            bu.organisation_id as "buyerOrgId", bo.lei as "buyerLei", su.organisation_id as "sellerOrgId", so.lei as "sellerLei"
          ${FROM}
          where t.sequence > ${after}::bigint and t.sequence <= ${upTo}::bigint and ${tradeFilter(ctx, derivativesOnly)}
          order by t.sequence`,
    );
    if (rows.length > 0) yield rows;
    after = upTo;
  }
}

/** Instruments traded in the period that have no ISIN (a report cannot identify them). */
export async function tradedInstrumentsWithoutIsin(ctx: ReportContext, derivativesOnly = false): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    ctx.db,
    sql`select distinct i.name ${FROM} where ${tradeFilter(ctx, derivativesOnly)} and i.isin is null order by i.name limit 5`,
  );
  return rows.map((r) => r.name);
}

/** The sides of a trade that belong to the report's scope (both for a market-wide report). */
export function sidesInScope(trade: TradeRow, ctx: ReportContext): ('buy' | 'sell')[] {
  if (!ctx.organisationId) return ['buy', 'sell'];
  const sides: ('buy' | 'sell')[] = [];
  if (trade.buyerOrgId === ctx.organisationId) sides.push('buy');
  if (trade.sellerOrgId === ctx.organisationId) sides.push('sell');
  return sides;
}
