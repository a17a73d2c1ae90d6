import { toMinorUnits, type PortfolioAnalytics, type ReportingFx } from '@meridian/schemas';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balances, instruments, ledgerAccounts, orders, trades } from '../../db/schema';
import { FX_SOURCE, loadFxTable, type FxTable } from '../fx/service';
import { listInstruments } from '../instruments/service';
import { userAccountCode } from '../ledger';
import { valuePortfolio, type UnitMovement } from './portfolio';

/** Totals are reported in this currency unless the caller chooses another (SPEC: dollars). */
export const REPORTING_CURRENCY = 'USD';

// PGlite answers `{ rows }`, postgres-js an array of rows.
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) ?? [];
}

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
    .select({ n: count() })
    .from(trades)
    .where(or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)));
  const [openCount] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open')));
  const base = {
    currency,
    toReporting,
    totalTrades: tradeCount?.n ?? 0,
    openOrders: openCount?.n ?? 0,
    dayStart,
  };
  if (!account) return valuePortfolio({ ...base, cash: [], holdings: [], movements: [] });

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
  const movements = await unitMovements(db, account.id, userId);
  // Held now, or traded today and since sold: both move today's P&L.
  const ids = [
    ...new Set([
      ...[...units.values()].filter((r) => r.total > 0n || r.reserved > 0n).map((r) => r.asset),
      ...movements.filter((m) => m.at >= dayStart).map((m) => m.instrumentId),
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
  return valuePortfolio({ ...base, cash, holdings, movements });
}

/**
 * Every traded units line of the account with the cash paid for it in the same entry. The
 * user's own issues are left out: issuance exchanges no cash, and their units are inventory.
 */
async function unitMovements(db: Db, accountId: string, userId: string): Promise<UnitMovement[]> {
  const result = await db.execute(sql`
    select e.created_at, u.asset as instrument_id, u.amount as units, i.currency,
      (select coalesce(sum(c.amount), 0) from journal_lines c
        where c.entry_id = e.id and c.account_id = u.account_id and c.asset_type = 'cash') as cash
    from journal_lines u
    join journal_entries e on e.id = u.entry_id
    join instruments i on i.id::text = u.asset
    where u.account_id = ${accountId} and u.asset_type = 'units' and e.kind = 'trade' and i.issuer_user_id <> ${userId}
    order by e.created_at, u.id`);
  return rowsOf(result).map((r) => ({
    instrumentId: String(r.instrument_id),
    currency: String(r.currency),
    units: BigInt(String(r.units)),
    cash: -BigInt(String(r.cash)),
    at: new Date(String(r.created_at)),
  }));
}

async function lastPricesBefore(db: Db, instrumentIds: string[], before: Date): Promise<Map<string, bigint>> {
  if (instrumentIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([trades.instrumentId], { instrumentId: trades.instrumentId, price: trades.price })
    .from(trades)
    .where(and(inArray(trades.instrumentId, instrumentIds), sql`${trades.createdAt} < ${before.toISOString()}`))
    .orderBy(trades.instrumentId, sql`${trades.createdAt} desc`, sql`${trades.sequence} desc`);
  return new Map(rows.map((r) => [r.instrumentId, r.price]));
}
