import { toMinorUnits, type PortfolioAnalytics, type ReportingFx } from '@meridian/schemas';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { uuidArray } from '../../db/json-rows';
import { accountPositions, balances, instruments, ledgerAccounts, orders, userTradeCounts } from '../../db/schema';
import { FX_SOURCE, loadFxTable, type FxTable } from '../fx/service';
import { listInstruments } from '../instruments/service';
import { userAccountCode } from '../ledger';
import { valuePortfolio, type Basis } from './portfolio';

/** Totals are reported in this currency unless the caller chooses another (SPEC: dollars). */
export const REPORTING_CURRENCY = 'USD';

/**
 * Cash, positions at their marks, P&L and activity counts of one user, totals in `currency`
 * converted with the latest ECB reference rates (modules/fx, exact decimals).
 */
export async function portfolioAnalytics(
  db: Db,
  userId: string,
  currency: string = REPORTING_CURRENCY,
  now = new Date(),
): Promise<PortfolioAnalytics> {
  const fx = await loadFxTable(db);
  const toReporting = (amount: bigint, from: string) =>
    from === currency ? amount : fx.has(from) && fx.has(currency) ? fx.convert(amount, from, currency) : null;
  const { notConverted, ...analytics } = await valueOf(db, userId, currency, toReporting, now);
  const held = new Set([...analytics.cash.map((c) => c.currency), ...analytics.positions.map((p) => p.currency)]);
  return { ...analytics, fx: reportingFx(fx, currency, held, notConverted) };
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

async function valueOf(
  db: Db,
  userId: string,
  currency: string,
  toReporting: (amount: bigint, from: string) => bigint | null,
  now: Date,
) {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, userAccountCode(userId)));
  const [tradeCount] = await db
    .select({ n: sql<string | null>`sum(${userTradeCounts.trades})` })
    .from(userTradeCounts)
    .where(eq(userTradeCounts.userId, userId));
  const [openCount] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open')));
  const base = {
    currency,
    toReporting,
    totalTrades: Number(tradeCount?.n ?? 0),
    openOrders: openCount?.n ?? 0,
    dayStart,
  };
  if (!account) return valuePortfolio({ ...base, cash: [], holdings: [], basis: new Map() });

  const rows = await db
    .select({
      assetType: balances.assetType,
      asset: balances.asset,
      total: balances.total,
      reserved: balances.reserved,
    })
    .from(balances)
    .where(eq(balances.accountId, account.id));
  const cash = rows
    .filter((r) => r.assetType === 'cash')
    .map((r) => ({ currency: r.asset, total: r.total, reserved: r.reserved }));
  const units = new Map(rows.filter((r) => r.assetType === 'units').map((r) => [r.asset, r]));
  const { basis, tradedToday } = await positionsOf(db, account.id, userId, dayStart);
  // Held now, or traded today and since sold: both move today's P&L.
  const ids = [
    ...new Set([
      ...[...units.values()].filter((r) => r.total > 0n || r.reserved > 0n).map((r) => r.asset),
      ...tradedToday,
    ]),
  ];
  const listed = ids.length > 0 ? await listInstruments(db, inArray(instruments.id, ids)) : [];
  const ownIssues =
    ids.length > 0
      ? await db
          .select({ id: instruments.id })
          .from(instruments)
          .where(and(inArray(instruments.id, ids), eq(instruments.issuerUserId, userId)))
      : [];
  const own = new Set(ownIssues.map((r) => r.id));
  const dayStartPrices = await lastPricesBefore(db, ids, dayStart);
  const holdings = listed.map((instrument) => ({
    instrumentId: instrument.id,
    name: instrument.name,
    currency: instrument.currency,
    contractType: instrument.contractType,
    units: units.get(instrument.id)?.total ?? 0n,
    reservedUnits: units.get(instrument.id)?.reserved ?? 0n,
    price: instrument.price === null ? null : toMinorUnits(instrument.price),
    dayStartPrice: dayStartPrices.get(instrument.id) ?? null,
    ownIssue: own.has(instrument.id),
  }));
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
  const today = dayStart.toISOString().slice(0, 10);
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
