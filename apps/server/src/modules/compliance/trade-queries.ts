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

/**
 * Period aggregates are asked for more than once by one report (preflight, record count, the
 * best-execution set): each is a join over all the period's trades, so a report computes it once.
 */
const aggregates = new WeakMap<ReportContext, Map<string, Promise<unknown>>>();

function oncePerReport<T>(ctx: ReportContext, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = aggregates.get(ctx);
  if (!cache) aggregates.set(ctx, (cache = new Map()));
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) cache.set(key, (value = compute()));
  return value;
}

/** Trade sides in scope: both sides of every trade market-wide, the organisation's sides otherwise. */
export function countTradeSides(ctx: ReportContext, derivativesOnly = false): Promise<number> {
  return oncePerReport(ctx, `sides:${derivativesOnly}`, () => computeTradeSides(ctx, derivativesOnly));
}

async function computeTradeSides(ctx: ReportContext, derivativesOnly: boolean): Promise<number> {
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
export function executionSummary(ctx: ReportContext): Promise<ExecutionSummaryRow[]> {
  return oncePerReport(ctx, 'execution-summary', () => computeExecutionSummary(ctx));
}

function computeExecutionSummary(ctx: ReportContext): Promise<ExecutionSummaryRow[]> {
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

/** Trade sequence numbers covered by one page query (a page holds at most this many trades). */
export const TRADE_PAGE_SPAN = 5_000;

/** The trade filter of a page: the trades table alone, parties and instruments as semi-joins. */
function pageFilter(ctx: ReportContext, derivativesOnly: boolean): SQL {
  const parts = [
    sql`t.created_at >= ${ctx.from.toISOString()}::timestamptz and t.created_at < ${ctx.to.toISOString()}::timestamptz`,
  ];
  if (ctx.organisationId) {
    const members = sql`(select u.id from users u where u.organisation_id = ${ctx.organisationId})`;
    parts.push(sql`(t.buyer_id in ${members} or t.seller_id in ${members})`);
  }
  if (derivativesOnly)
    parts.push(
      sql`t.instrument_id in (select d.id from instruments d where d.contract_type in (${sql.join(
        DERIVATIVE_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )}))`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * Keyset pages by trade sequence: constant memory however many trades the period holds. The
 * period's first and last sequence are found once (created_at index), then each page is a
 * range scan of the sequence index rather than a re-scan and sort of the whole period.
 *
 * A page is one query over the trades table that answers one JSON array of row arrays
 * (`json_agg`): the drivers' per-cell work (PGlite decodes every field of every data-row message
 * in JavaScript) and five joined lookups per trade cost several times the query itself
 * (docs/benchmarks.md, bench:reports). The few instruments and users a period's trades refer to
 * are read once per report (one query per page that meets new ones) and kept in `Dimensions`.
 */
export async function* tradePages(ctx: ReportContext, derivativesOnly = false): AsyncGenerator<TradeRow[]> {
  const [bounds] = await selectRows<{ first: string | null; last: string | null }>(
    ctx.db,
    sql`select (min(sequence) - 1)::text as first, max(sequence)::text as last from trades
        where created_at >= ${ctx.from.toISOString()}::timestamptz and created_at < ${ctx.to.toISOString()}::timestamptz`,
  );
  if (!bounds?.last) return;
  const dimensions = new Dimensions(ctx);
  let after = BigInt(bounds.first!);
  const last = BigInt(bounds.last);
  while (after < last) {
    const upTo = after + BigInt(TRADE_PAGE_SPAN);
    const [page] = await selectRows<{ rows: string | null }>(
      ctx.db,
      sql`select json_agg(json_build_array(t.sequence::text, t.id,
              to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              t.price::text, t.quantity::text, t.taker_side, t.instrument_id, t.buyer_id, t.seller_id)
              order by t.sequence)::text as rows
          from trades t
          where t.sequence > ${after.toString()}::bigint and t.sequence <= ${upTo.toString()}::bigint
            and ${pageFilter(ctx, derivativesOnly)}`,
    );
    if (page?.rows) {
      const cells = JSON.parse(page.rows) as PageCells[];
      await dimensions.load(cells);
      yield cells.map((c) => dimensions.tradeRow(c));
    }
    after = upTo;
  }
}

/** sequence, id, createdAt, price, quantity, takerSide, instrumentId, buyerId, sellerId */
type PageCells = [string, string, string, string, string, 'buy' | 'sell', string, string, string];

interface InstrumentFields {
  name: string;
  isin: string | null;
  contractType: string;
  currency: string;
  maturityDate: string | null;
}

interface PartyFields {
  orgId: string | null;
  lei: string | null;
}

/** Instruments and users (with their organisation's LEI) met by one report, read once each. */
class Dimensions {
  private readonly instruments = new Map<string, InstrumentFields>();
  private readonly parties = new Map<string, PartyFields>();

  constructor(private readonly ctx: ReportContext) {}

  async load(cells: PageCells[]): Promise<void> {
    const instrumentIds = new Set<string>();
    const userIds = new Set<string>();
    for (const c of cells) {
      if (!this.instruments.has(c[6])) instrumentIds.add(c[6]);
      if (!this.parties.has(c[7])) userIds.add(c[7]);
      if (!this.parties.has(c[8])) userIds.add(c[8]);
    }
    if (instrumentIds.size > 0)
      for (const r of await selectRows<InstrumentFields & { id: string }>(
        this.ctx.db,
        sql`select i.id, i.name, i.isin, i.contract_type as "contractType", i.currency, i.maturity_date::text as "maturityDate"
            from instruments i where i.id in (${idList(instrumentIds)})`,
      ))
        this.instruments.set(r.id, r);
    if (userIds.size > 0)
      for (const r of await selectRows<PartyFields & { id: string }>(
        this.ctx.db,
        sql`select u.id, u.organisation_id as "orgId", o.lei
            from users u left join organisations o on o.id = u.organisation_id where u.id in (${idList(userIds)})`,
      ))
        this.parties.set(r.id, r);
  }

  tradeRow(c: PageCells): TradeRow {
    const instrument = this.instruments.get(c[6])!;
    const buyer = this.parties.get(c[7])!;
    const seller = this.parties.get(c[8])!;
    return {
      sequence: c[0],
      id: c[1],
      createdAt: c[2],
      price: c[3],
      quantity: c[4],
      takerSide: c[5],
      instrumentId: c[6],
      instrumentName: instrument.name,
      isin: instrument.isin,
      contractType: instrument.contractType,
      currency: instrument.currency,
      maturityDate: instrument.maturityDate,
      buyerOrgId: buyer.orgId,
      buyerLei: buyer.lei,
      sellerOrgId: seller.orgId,
      sellerLei: seller.lei,
    };
  }
}

const idList = (ids: Set<string>) =>
  sql.join(
    [...ids].map((id) => sql`${id}::uuid`),
    sql`, `,
  );

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
