import {
  fromMinorUnits,
  toMinorUnits,
  type Institution,
  type InstitutionList,
  type MarketOverview,
} from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { loadFxTable, type FxTable } from '../fx/service';
import { listCases } from './service';

// The Regulator Dashboard's figures, all from platform data (docs/decisions/0025):
//   Market Volume          traded value (price × quantity) of the last 24 h, in USD at the latest
//                          reference rates, against the 24 h before
//   Registered Institutions organisations on the platform; active = party to a trade in 24 h
//   Compliance Rate        share of institutions with no open High-severity surveillance case and
//                          no failed regulatory report in the last 30 days
//   Market Health          per listed instrument from the resting book (open limit orders) and
//                          the last 24 h of trades: spread, depth within 2% of the mid, realised
//                          volatility of hourly closes; medians across instruments

export const REPORTING_CURRENCY = 'USD';
export const COMPLIANCE_RATE_DEFINITION =
  'Institutions with no open High-severity surveillance case and no failed regulatory report in the last 30 days.';
/** Resting orders priced within this fraction of the mid count as depth. */
export const DEPTH_BAND = 0.02;
const HOURS_PER_YEAR = 24 * 365;

const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

function toUsd(fx: FxTable, amount: bigint, currency: string): bigint {
  return fx.has(currency) ? fx.convert(amount, currency, REPORTING_CURRENCY) : 0n;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** Institution compliance flags: open High cases and failed reports (30 days) per organisation. */
async function complianceFlags(db: Db, now: number) {
  const rows = await selectRows<{ id: string; high: number; open: number; failed: number; last_report: string | null }>(
    db,
    sql`select o.id,
          (select count(*)::int from surveillance_cases c where c.organisation_id = o.id and c.status <> 'resolved' and c.severity = 'High') as high,
          (select count(*)::int from surveillance_cases c where c.organisation_id = o.id and c.status <> 'resolved') as open,
          (select count(*)::int from compliance_reports r join jobs j on j.id = r.job_id
            where r.organisation_id = o.id and j.status = 'failed' and r.created_at >= ${at(now - 30 * DAY)}::timestamptz) as failed,
          (select max(j.finished_at)::text from compliance_reports r join jobs j on j.id = r.job_id
            where r.organisation_id = o.id and j.status = 'completed') as last_report
        from organisations o`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function institutions(db: Db, now = Date.now()): Promise<InstitutionList> {
  const fx = await loadFxTable(db);
  const orgs = await selectRows<{
    id: string;
    name: string;
    sector: string;
    country: string;
    lei: string | null;
    users: number;
  }>(
    db,
    sql`select o.id, o.name, o.sector, o.country, o.lei, (select count(*)::int from users u where u.organisation_id = o.id) as users
        from organisations o order by o.name`,
  );
  const sides = await selectRows<{ org: string; currency: string; trades: number; value: string }>(
    db,
    sql`select u.organisation_id as org, i.currency, count(*)::int as trades, sum(t.price * t.quantity)::text as value
        from trades t join instruments i on i.id = t.instrument_id
        cross join lateral (values (t.buyer_id), (t.seller_id)) as side(user_id)
        join users u on u.id = side.user_id
        where t.created_at >= ${at(now - 30 * DAY)}::timestamptz and u.organisation_id is not null
        group by u.organisation_id, i.currency`,
  );
  const [market] = await selectRows<{ rows: { currency: string; value: string }[] | null }>(
    db,
    sql`select json_agg(json_build_object('currency', currency, 'value', value::text)) as rows from (
          select i.currency, sum(t.price * t.quantity) as value from trades t join instruments i on i.id = t.instrument_id
          where t.created_at >= ${at(now - 30 * DAY)}::timestamptz group by i.currency) m`,
  );
  // Both sides of every trade: the market's side value is twice its traded value.
  const marketSides = 2n * (market?.rows ?? []).reduce((n, r) => n + toUsd(fx, BigInt(r.value), r.currency), 0n);
  const flags = await complianceFlags(db, now);
  const list: Institution[] = orgs.map((o) => {
    const mine = sides.filter((s) => s.org === o.id);
    const value = mine.reduce((n, s) => n + toUsd(fx, BigInt(s.value), s.currency), 0n);
    const f = flags.get(o.id);
    return {
      id: o.id,
      name: o.name,
      sector: o.sector,
      country: o.country,
      lei: o.lei,
      users: o.users,
      trades30d: mine.reduce((n, s) => n + s.trades, 0),
      volume30d: fromMinorUnits(value),
      marketSharePct: marketSides > 0n ? round((Number(value) / Number(marketSides)) * 100) : 0,
      openCases: f?.open ?? 0,
      highSeverityOpen: f?.high ?? 0,
      lastReportAt: f?.last_report ? new Date(f.last_report).toISOString() : null,
      failedReports30d: f?.failed ?? 0,
      compliant: (f?.high ?? 0) === 0 && (f?.failed ?? 0) === 0,
    };
  });
  list.sort((a, b) => b.marketSharePct - a.marketSharePct || a.name.localeCompare(b.name));
  return { reportingCurrency: REPORTING_CURRENCY, institutions: list };
}

interface BookLevel {
  instrument_id: string;
  side: 'buy' | 'sell';
  price: string;
  remaining: string;
}

async function instrumentHealth(db: Db, fx: FxTable, now: number): Promise<MarketOverview['instruments']> {
  const listed = await selectRows<{ id: string; name: string; currency: string; last_price: string | null }>(
    db,
    sql`select i.id, i.name, i.currency,
          (select t.price::text from trades t where t.instrument_id = i.id order by t.sequence desc limit 1) as last_price
        from instruments i where i.status = 'active' order by i.name`,
  );
  const levels = await selectRows<BookLevel>(
    db,
    sql`select instrument_id, side, price::text as price, sum(quantity - filled_quantity)::text as remaining
        from orders where status = 'open' and price is not null group by instrument_id, side, price`,
  );
  const flow = await selectRows<{ instrument_id: string; trades: number; value: string }>(
    db,
    sql`select instrument_id, count(*)::int as trades, sum(price * quantity)::text as value from trades
        where created_at >= ${at(now - DAY)}::timestamptz group by instrument_id`,
  );
  const closes = await selectRows<{ instrument_id: string; closes: string[] }>(
    db,
    sql`select instrument_id, array_agg(price::text order by hour) as closes from (
          select distinct on (instrument_id, date_trunc('hour', created_at)) instrument_id,
                 date_trunc('hour', created_at) as hour, price
          from trades where created_at >= ${at(now - DAY)}::timestamptz
          order by instrument_id, date_trunc('hour', created_at), created_at desc, sequence desc) h
        group by instrument_id`,
  );
  const flowBy = new Map(flow.map((f) => [f.instrument_id, f]));
  const closesBy = new Map(closes.map((c) => [c.instrument_id, c.closes.map(Number)]));
  return listed.map((i) => {
    const book = levels.filter((l) => l.instrument_id === i.id);
    const bids = book.filter((l) => l.side === 'buy').map((l) => BigInt(l.price));
    const asks = book.filter((l) => l.side === 'sell').map((l) => BigInt(l.price));
    const bestBid = bids.length ? bids.reduce((a, b) => (b > a ? b : a)) : null;
    const bestAsk = asks.length ? asks.reduce((a, b) => (b < a ? b : a)) : null;
    let spreadBps: number | null = null;
    let depth = 0n;
    if (bestBid !== null && bestAsk !== null) {
      const mid = (Number(bestBid) + Number(bestAsk)) / 2;
      spreadBps = round(((Number(bestAsk) - Number(bestBid)) / mid) * 10_000, 1);
      for (const l of book)
        if (Math.abs(Number(l.price) - mid) <= mid * DEPTH_BAND) depth += BigInt(l.price) * BigInt(l.remaining);
    }
    const prices = closesBy.get(i.id) ?? [];
    let volatilityPct: number | null = null;
    if (prices.length >= 3) {
      const returns = prices.slice(1).map((p, k) => Math.log(p / prices[k]!));
      const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
      const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
      volatilityPct = round(Math.sqrt(variance * HOURS_PER_YEAR) * 100);
    }
    const f = flowBy.get(i.id);
    return {
      instrumentId: i.id,
      name: i.name,
      currency: i.currency,
      lastPrice: i.last_price ? fromMinorUnits(BigInt(i.last_price)) : null,
      spreadBps,
      depth: fromMinorUnits(toUsd(fx, depth, i.currency)),
      volatilityPct,
      trades24h: f?.trades ?? 0,
      volume24h: fromMinorUnits(f ? toUsd(fx, BigInt(f.value), i.currency) : 0n),
    };
  });
}

async function tradedValue(db: Db, fx: FxTable, from: number, to: number) {
  const rows = await selectRows<{ currency: string; value: string; trades: number }>(
    db,
    sql`select i.currency, sum(t.price * t.quantity)::text as value, count(*)::int as trades
        from trades t join instruments i on i.id = t.instrument_id
        where t.created_at >= ${at(from)}::timestamptz and t.created_at < ${at(to)}::timestamptz group by i.currency`,
  );
  return {
    value: rows.reduce((n, r) => n + toUsd(fx, BigInt(r.value), r.currency), 0n),
    trades: rows.reduce((n, r) => n + r.trades, 0),
  };
}

export async function marketOverview(db: Db, now = Date.now()): Promise<MarketOverview> {
  const fx = await loadFxTable(db);
  const current = await tradedValue(db, fx, now - DAY, now + 1);
  const previous = await tradedValue(db, fx, now - 2 * DAY, now - DAY);
  const [active] = await selectRows<{ n: number }>(
    db,
    sql`select count(distinct u.organisation_id)::int as n from trades t
        cross join lateral (values (t.buyer_id), (t.seller_id)) as side(user_id) join users u on u.id = side.user_id
        where t.created_at >= ${at(now - DAY)}::timestamptz`,
  );
  const flags = await complianceFlags(db, now);
  const compliant = [...flags.values()].filter((f) => f.high === 0 && f.failed === 0).length;
  const instrumentFigures = await instrumentHealth(db, fx, now);
  const [oversight] = await selectRows<MarketOverview['oversight']>(
    db,
    sql`select
          (select count(*)::int from surveillance_cases where status <> 'resolved') as "openCases",
          (select count(*)::int from surveillance_cases where status <> 'resolved' and severity = 'High') as "highSeverityOpen",
          (select count(*)::int from surveillance_cases where status = 'under_review') as "underReview",
          (select count(*)::int from surveillance_cases where status = 'resolved' and resolved_at >= ${at(now - 30 * DAY)}::timestamptz) as "resolved30d",
          (select count(*)::int from surveillance_cases where detected_at >= ${at(now - DAY)}::timestamptz) as "alerts24h",
          (select count(*)::int from compliance_reports r join jobs j on j.id = r.job_id
            where j.status = 'completed' and r.created_at >= ${at(now - 30 * DAY)}::timestamptz) as "reportsCompleted30d",
          (select count(*)::int from compliance_reports r join jobs j on j.id = r.job_id
            where j.status = 'failed' and r.created_at >= ${at(now - 30 * DAY)}::timestamptz) as "reportsFailed30d"`,
  );
  const spreads = instrumentFigures.map((i) => i.spreadBps).filter((s): s is number => s !== null);
  const vols = instrumentFigures.map((i) => i.volatilityPct).filter((v): v is number => v !== null);
  return {
    asOf: at(now),
    reportingCurrency: REPORTING_CURRENCY,
    marketVolume: {
      volume24h: fromMinorUnits(current.value),
      previous24h: fromMinorUnits(previous.value),
      trades24h: current.trades,
    },
    registeredInstitutions: { total: flags.size, active24h: active?.n ?? 0 },
    complianceRate: {
      ratePct: flags.size ? round((compliant / flags.size) * 100, 1) : null,
      compliant,
      total: flags.size,
      definition: COMPLIANCE_RATE_DEFINITION,
    },
    health: {
      medianSpreadBps: median(spreads),
      depth: fromMinorUnits(instrumentFigures.reduce((n, i) => n + (toMinorUnits(i.depth) ?? 0n), 0n)),
      medianVolatilityPct: median(vols),
      trades24h: current.trades,
      instrumentsTraded24h: instrumentFigures.filter((i) => i.trades24h > 0).length,
    },
    oversight: oversight!,
    instruments: instrumentFigures,
    recentCases: (await listCases(db, { limit: 10 })).cases,
  };
}
