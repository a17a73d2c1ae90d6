import {
  portfolioAnalyticsSchema,
  type ContractType,
  type PortfolioAnalytics,
  type ReportingFx,
} from '@meridian/schemas';
import { and, eq, ne, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { uuidArray } from '../../db/json-rows';
import { selectPrepared } from '../../db/prepared';
import { REFERENCE_VERSION } from '../../db/reference-version';
import { accountPositions, instruments } from '../../db/schema';
import { fastSerializer, KeptJson } from '../../fast-serializer';
import { FX_SOURCE, fxTableAt, type FxTable } from '../fx/service';
import { cataloguePrice, instrumentCatalogue, type InstrumentCatalogue } from '../instruments/catalogue';
import { userAccountCode } from '../ledger';
import { valuePortfolio, type Basis } from './portfolio';

/** Totals are reported in this currency unless the caller chooses another (SPEC: dollars). */
export const REPORTING_CURRENCY = 'USD';

const utcDayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The analytics of one read of the user's state (userStateRow). */
async function analyticsOf(
  db: Db,
  userId: string,
  currency: string,
  dayStart: Date,
  state: UserState,
): Promise<PortfolioAnalytics> {
  const [catalogue, fx] = await Promise.all([instrumentCatalogue(db, state.version), fxTableAt(db, state.version)]);
  const toReporting = (amount: bigint, from: string) =>
    from === currency ? amount : fx.has(from) && fx.has(currency) ? fx.convert(amount, from, currency) : null;
  const { notConverted, ...analytics } = valueOf(state, catalogue, userId, currency, toReporting, dayStart);
  const held = new Set([...analytics.cash.map((c) => c.currency), ...analytics.positions.map((p) => p.currency)]);
  return { ...analytics, fx: reportingFx(fx, currency, held, notConverted) };
}

const writeAnalytics = fastSerializer(portfolioAnalyticsSchema);
/** Users whose last answer is kept per database (the least recently asked go first). */
const KEPT_ANSWERS = 10_000;
const keptAnswers = new WeakMap<object, Map<string, { state: string; text: KeptJson }>>();

/**
 * `GET /api/portfolio/analytics` as JSON text: cash, positions at their marks, P&L and activity
 * counts of one user, totals in `currency` converted with the latest ECB reference rates
 * (modules/fx, exact decimals).
 *
 * One statement per request (issue 16 item 8): the user's balances, kept positions, counts and
 * the marks of the instruments concerned, with the reference version; the instruments, their
 * model prices and the FX rates come from the caches of that version (decision 0067). The
 * answer depends on nothing else but the UTC day, so when the row is the one the user's last
 * call read, the text written then is the answer (decision 0077): no parsing, valuing or
 * writing again; nor compressing again (decision 0080: the compressed forms are kept with it).
 */
export async function portfolioAnalyticsJson(
  db: Db,
  userId: string,
  currency: string = REPORTING_CURRENCY,
  now = new Date(),
): Promise<KeptJson> {
  const dayStart = utcDayStart(now);
  const row = await userStateRow(db, userId, dayStart);
  const state = `${dayStart.toISOString()}\u0001${Object.values(row).join('\u0001')}`;
  let kept = keptAnswers.get(db);
  if (!kept) keptAnswers.set(db, (kept = new Map()));
  const key = `${userId} ${currency}`;
  const last = kept.get(key);
  if (last?.state === state) {
    // Most recently asked last: the first key is the one to drop when full.
    kept.delete(key);
    kept.set(key, last);
    return last.text;
  }
  const text = new KeptJson(writeAnalytics(await analyticsOf(db, userId, currency, dayStart, parseUserState(row))));
  kept.delete(key);
  kept.set(key, { state, text });
  if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
  return text;
}

/** The rates behind a conversion into `currency` of the `held` currencies. */
export function reportingFx(fx: FxTable, currency: string, held: Set<string>, notConverted: string[]): ReportingFx {
  const used = [...held].filter((c) => c !== currency && fx.has(c) && fx.has(currency)).sort();
  const dateOf = (c: string) => fx.quotes.find((q) => q.currency === c)?.rateDate;
  const rates = used.map((c) => {
    // A cross through EUR cites the later of its two legs' publication dates (as GET /api/fx/rates does).
    const dates = [dateOf(c), dateOf(currency)].filter((d): d is string => Boolean(d)).sort();
    return { currency: c, rate: fx.rateText(c, currency), rateDate: dates.at(-1) ?? fx.rateDate! };
  });
  const rateDate = rates.reduce<string | null>((max, r) => (max && max > r.rateDate ? max : r.rateDate), null);
  return { source: FX_SOURCE, rateDate, rates, notConverted };
}

/** What one request reads of a user (userStateRow, parsed). */
interface UserState {
  version: bigint;
  account: string | null;
  totalTrades: number;
  openOrders: number;
  balances: { assetType: string; asset: string; total: bigint; reserved: bigint }[];
  /** account_positions rows of every instrument the account traded (own issues included). */
  positions: Omit<PositionRow, 'currency'>[];
  /** Per instrument held or traded today: last trade price, and the last before the UTC day. */
  marks: Map<string, { last: bigint | null; dayStart: bigint | null }>;
}

const big = (v: string | null) => (v === null ? null : BigInt(v));
const parsed = <T>(text: string | null | undefined): T[] => (text ? (JSON.parse(text) as T[]) : []);

/**
 * The user's account, trade and open-order counts, balances, kept positions (drizzle/0026) and
 * the marks of the instruments held or traded today, with the reference version: ONE statement,
 * so one snapshot. Marks are index probes (the last trade, the last before the day), never a
 * scan of the history. Run prepared (decision 0080): its text is constant, so from the second
 * call on a connection it is one round trip and the server keeps its parse tree and plan.
 */
async function userStateRow(db: Db, userId: string, dayStart: Date): Promise<UserStateRow> {
  const today = dayStart.toISOString().slice(0, 10);
  const [row] = await selectPrepared<UserStateRow>(
    db,
    sql`with a as (select id from ledger_accounts where code = ${userAccountCode(userId)}),
      bal as (select b.asset_type, b.asset, b.total, b.reserved from balances b where b.account_id = (select id from a)),
      pos as (select p.instrument_id, p.units, p.cost, p.realized, p.day, p.day_cash, p.day_units
        from account_positions p where p.account_id = (select id from a)),
      ids as (select asset as id from bal where asset_type = 'units' and (total > 0 or reserved > 0)
        union select instrument_id from pos where day >= ${today}::date)
      select ${REFERENCE_VERSION}::text as version, (select id from a)::text as account,
        (select sum(c.trades) from user_trade_counts c where c.user_id = ${userId})::text as trades,
        (select count(*) from orders o where o.user_id = ${userId} and o.status = 'open')::text as open_orders,
        (select json_agg(json_build_array(asset_type, asset, total::text, reserved::text)) from bal)::text as balances,
        (select json_agg(json_build_array(instrument_id, units::text, cost::text, realized::text, day::text,
          day_cash::text, day_units::text)) from pos)::text as positions,
        (select json_agg(json_build_array(ids.id, s.last_price::text, d.price::text)) from ids
          left join instrument_trade_stats s on s.instrument_id = ids.id::uuid
          left join lateral (select t.price from trades t where t.instrument_id = ids.id::uuid
            and t.created_at < ${dayStart.toISOString()} order by t.created_at desc, t.sequence desc limit 1) d on true)::text as marks`,
  );
  return row!;
}

/** The one row of userStateRow, as text. */
type UserStateRow = Record<string, string | null>;

function parseUserState(r: UserStateRow): UserState {
  type Text = string | null;
  return {
    version: BigInt(r.version!),
    account: r.account ?? null,
    totalTrades: Number(r.trades ?? 0),
    openOrders: Number(r.open_orders ?? 0),
    balances: parsed<[string, string, string, string]>(r.balances).map(([assetType, asset, total, reserved]) => ({
      assetType,
      asset,
      total: BigInt(total),
      reserved: BigInt(reserved),
    })),
    positions: parsed<[string, string, string, string, string, string, string]>(r.positions).map(
      ([instrumentId, units, cost, realized, day, dayCash, dayUnits]) => ({
        instrumentId,
        units: BigInt(units),
        cost: BigInt(cost),
        realized: BigInt(realized),
        day,
        dayCash: BigInt(dayCash),
        dayUnits: BigInt(dayUnits),
      }),
    ),
    marks: new Map(
      parsed<[string, Text, Text]>(r.marks).map(([id, last, dayStartPrice]) => [
        id,
        { last: big(last), dayStart: big(dayStartPrice) },
      ]),
    ),
  };
}

function valueOf(
  state: UserState,
  catalogue: InstrumentCatalogue,
  userId: string,
  currency: string,
  toReporting: (amount: bigint, from: string) => bigint | null,
  dayStart: Date,
) {
  const base = {
    currency,
    toReporting,
    totalTrades: state.totalTrades,
    openOrders: state.openOrders,
    dayStart,
  };
  if (!state.account) return valuePortfolio({ ...base, cash: [], holdings: [], basis: new Map() });

  const cash = state.balances
    .filter((r) => r.assetType === 'cash')
    .map((r) => ({ currency: r.asset, total: r.total, reserved: r.reserved }));
  const units = new Map(state.balances.filter((r) => r.assetType === 'units').map((r) => [r.asset, r]));
  // As positionsOf: the kept positions of instruments the user did not issue.
  const { basis, tradedToday } = basisOf(
    state.positions.flatMap((p) => {
      const instrument = catalogue.byId.get(p.instrumentId);
      return instrument && instrument.issuerUserId !== userId ? [{ ...p, currency: instrument.currency }] : [];
    }),
    dayStart,
  );
  // Held now, or traded today and since sold: both move today's P&L.
  const ids = new Set([
    ...[...units.values()].filter((r) => r.total > 0n || r.reserved > 0n).map((r) => r.asset),
    ...tradedToday,
  ]);
  // In the list's order (newest first), as listInstruments answered them.
  const holdings = catalogue.rows
    .filter((instrument) => ids.has(instrument.id))
    .map((instrument) => {
      const mark = state.marks.get(instrument.id);
      return {
        instrumentId: instrument.id,
        name: instrument.name,
        currency: instrument.currency,
        contractType: instrument.contractType as ContractType,
        units: units.get(instrument.id)?.total ?? 0n,
        reservedUnits: units.get(instrument.id)?.reserved ?? 0n,
        price: cataloguePrice(catalogue, instrument, mark?.last ?? null),
        dayStartPrice: mark?.dayStart ?? null,
        ownIssue: instrument.issuerUserId === userId,
        defaulted: instrument.status === 'defaulted',
      };
    });
  return valuePortfolio({ ...base, cash, holdings, basis });
}

/**
 * The account's average-cost basis per instrument, kept movement by movement as trade entries
 * commit (`account_positions`, drizzle/0026, decision 0056) — the same arithmetic as `costBasis`
 * over every traded units line, without reading the history. The user's own issues are left
 * out: issuance exchanges no cash, and their units are inventory.
 */
export async function positionsOf(
  db: Db,
  accountId: string,
  userId: string,
  dayStart: Date,
): Promise<{ basis: Map<string, Basis>; tradedToday: string[] }> {
  const rows = await db
    .select({
      instrumentId: accountPositions.instrumentId,
      currency: instruments.currency,
      units: accountPositions.units,
      cost: accountPositions.cost,
      realized: accountPositions.realized,
      day: accountPositions.day,
      dayCash: accountPositions.dayCash,
      dayUnits: accountPositions.dayUnits,
    })
    .from(accountPositions)
    .innerJoin(instruments, sql`${instruments.id}::text = ${accountPositions.instrumentId}`)
    .where(and(eq(accountPositions.accountId, accountId), ne(instruments.issuerUserId, userId)));
  return basisOf(rows, dayStart);
}

/** A kept position (account_positions) with its instrument's currency. */
interface PositionRow {
  instrumentId: string;
  currency: string;
  units: bigint;
  cost: bigint;
  realized: bigint;
  /** UTC day of the last movement, YYYY-MM-DD. */
  day: string;
  dayCash: bigint;
  dayUnits: bigint;
}

/** The basis per instrument from kept positions; today's cash and units only where the last movement day is today. */
function basisOf(rows: readonly PositionRow[], dayStart: Date): { basis: Map<string, Basis>; tradedToday: string[] } {
  const today = dayStart.toISOString().slice(0, 10);
  const basis = new Map<string, Basis>();
  const tradedToday: string[] = [];
  for (const r of rows) {
    const isToday = r.day >= today;
    if (isToday) tradedToday.push(r.instrumentId);
    basis.set(r.instrumentId, {
      currency: r.currency,
      units: r.units,
      cost: r.cost,
      realized: r.realized,
      todayCash: isToday ? r.dayCash : 0n,
      todayUnits: isToday ? r.dayUnits : 0n,
    });
  }
  return { basis, tradedToday };
}

/** The last trade price before `before` per instrument: one index probe each, never a scan of the history. */
export async function lastPricesBefore(db: Db, instrumentIds: string[], before: Date): Promise<Map<string, bigint>> {
  if (instrumentIds.length === 0) return new Map();
  const rows = await selectRows<{ id: string; price: string }>(
    db,
    sql`select i.id::text as id, p.price::text as price from unnest(${uuidArray(instrumentIds)}) as i(id)
      cross join lateral (select t.price from trades t where t.instrument_id = i.id and t.created_at < ${before.toISOString()}
        order by t.created_at desc, t.sequence desc limit 1) p`,
  );
  return new Map(rows.map((r) => [r.id, BigInt(r.price)]));
}
