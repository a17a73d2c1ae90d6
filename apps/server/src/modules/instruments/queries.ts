import { and, desc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { cursorAtOf, type IdKeyset } from '../../db/cursor';
import type { Db, Tx } from '../../db/client';
import { tradeWindows, type TradeWindow } from '../../db/trade-window';
import {
  balances,
  creditSpreads,
  instruments,
  ledgerAccounts,
  organisations,
  riskFreeCurvePoints,
  users,
} from '../../db/schema';

/** An instrument with its issuer's display name, sector and rating. */
export type InstrumentRow = typeof instruments.$inferSelect & {
  issuerName: string | null;
  sector: string | null;
  rating: string | null;
};

/** One page of instruments: at most `limit`, strictly after `after` in the list's order. */
export interface InstrumentPageQuery {
  limit: number;
  after?: IdKeyset;
}

/**
 * Instruments newest first (created_at, id), optionally filtered (by issuer, by id); with `page`,
 * `limit + 1` rows after its key, each carrying its key (`cursorAt`) for the next cursor.
 */
export async function selectInstruments(
  db: Db,
  where?: SQL,
  page?: InstrumentPageQuery,
): Promise<(InstrumentRow & { cursorAt: string })[]> {
  const after = page?.after
    ? sql`(${instruments.createdAt}, ${instruments.id}) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`
    : undefined;
  const query = db
    .select({
      cursorAt: cursorAtOf(instruments.createdAt),
      instrument: instruments,
      orgName: organisations.name,
      userName: users.name,
      sector: organisations.sector,
      rating: organisations.rating,
    })
    .from(instruments)
    .innerJoin(users, eq(users.id, instruments.issuerUserId))
    .leftJoin(organisations, eq(organisations.id, instruments.issuerOrgId))
    .where(and(where, after))
    .orderBy(desc(instruments.createdAt), desc(instruments.id));
  const rows = page ? await query.limit(page.limit + 1) : await query;
  return rows.map((r) => ({
    cursorAt: r.cursorAt,
    ...r.instrument,
    issuerName: r.orgName ?? r.userName,
    sector: r.sector,
    rating: r.rating,
  }));
}

export const byIssuer = (userId: string) => eq(instruments.issuerUserId, userId);
export const byId = (id: string) => eq(instruments.id, id);

export type NewInstrument = typeof instruments.$inferInsert;

export async function insertInstrument(tx: Tx, values: NewInstrument): Promise<string> {
  const [row] = await tx.insert(instruments).values(values).returning({ id: instruments.id });
  return row!.id;
}

/** The organisation a user belongs to, if any. */
export async function userOrganisationId(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, userId));
  return row?.organisationId ?? null;
}

/** Zero curve points per currency, sorted by tenor. */
export async function selectCurves(db: Db): Promise<Map<string, { tenor: number; rate: number }[]>> {
  const rows = await db
    .select()
    .from(riskFreeCurvePoints)
    .orderBy(riskFreeCurvePoints.currency, riskFreeCurvePoints.tenorYears);
  const curves = new Map<string, { tenor: number; rate: number }[]>();
  for (const row of rows) {
    const points = curves.get(row.currency) ?? [];
    points.push({ tenor: row.tenorYears, rate: row.rate });
    curves.set(row.currency, points);
  }
  return curves;
}

/** Credit spread by rating, as a decimal fraction. */
export async function selectSpreads(db: Db): Promise<Map<string, number>> {
  const rows = await db.select().from(creditSpreads);
  return new Map(rows.map((row) => [row.rating, row.spreadBp / 10_000]));
}

export interface HolderRow {
  userId: string;
  name: string;
  units: bigint;
}

/** Users holding units of the instrument (total, reserved included), largest first. */
export async function selectHolders(db: Db, instrumentId: string): Promise<HolderRow[]> {
  const rows = await db
    .select({ userId: ledgerAccounts.userId, name: users.name, units: balances.total })
    .from(balances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, balances.accountId))
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .where(
      and(
        eq(balances.assetType, 'units'),
        eq(balances.asset, instrumentId),
        gt(balances.total, 0n),
        isNotNull(ledgerAccounts.userId),
      ),
    )
    .orderBy(desc(balances.total), users.name);
  return rows.map((r) => ({ userId: r.userId!, name: r.name, units: r.units }));
}

export interface MarketStats {
  lastPrice: bigint;
  /** Price 24 hours ago (last before the window, else the window's first), for the change. */
  referencePrice: bigint;
  /** Sum of price x quantity over 24 hours, hundredths. */
  volume24h: bigint;
}

/**
 * Last price, 24h reference price and 24h traded value per instrument that has traded, from
 * the read models kept as trades commit (db/trade-window.ts, decision 0056): no read of the
 * trades table's history (issue 16 item 8).
 */
export async function selectMarketStats(db: Db, instrumentIds: readonly string[]): Promise<Map<string, MarketStats>> {
  return marketStatsOf(await tradeWindows(db, instrumentIds));
}

/** The list's figures from trade windows (db/trade-window.ts). */
export function marketStatsOf(windows: Map<string, TradeWindow>): Map<string, MarketStats> {
  const stats = new Map<string, MarketStats>();
  for (const [id, w] of windows)
    stats.set(id, {
      lastPrice: w.lastPrice,
      referencePrice: w.priceBefore ?? w.firstInWindow ?? w.lastPrice,
      volume24h: w.turnover,
    });
  return stats;
}
