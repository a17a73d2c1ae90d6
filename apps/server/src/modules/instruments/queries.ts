import { and, desc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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

/** Instruments newest first, optionally filtered (by issuer, by id). */
export async function selectInstruments(db: Db, where?: SQL): Promise<InstrumentRow[]> {
  const rows = await db
    .select({
      instrument: instruments,
      orgName: organisations.name,
      userName: users.name,
      sector: organisations.sector,
      rating: organisations.rating,
    })
    .from(instruments)
    .innerJoin(users, eq(users.id, instruments.issuerUserId))
    .leftJoin(organisations, eq(organisations.id, instruments.issuerOrgId))
    .where(where)
    .orderBy(desc(instruments.createdAt), desc(instruments.id));
  return rows.map((r) => ({
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
 * Last price, 24h reference price and 24h traded value per instrument, from the trading
 * module's `trades` table. Until that table exists (trading not installed) there are no stats.
 */
export async function selectMarketStats(db: Db, instrumentIds: readonly string[]): Promise<Map<string, MarketStats>> {
  const stats = new Map<string, MarketStats>();
  if (instrumentIds.length === 0 || !(await tableExists(db, 'trades'))) return stats;
  // One index probe per instrument and figure (issue 16 item 8): the last trade by the
  // (instrument, sequence) index, the prices around the 24-hour mark and the day's value by
  // (instrument, created_at), so the cost does not grow with the trades table's history.
  const result = await db.execute(sql`
    select i.id, l.price as last_price, coalesce(p.price, o.price, l.price) as reference_price, coalesce(v.value, 0) as volume
    from (values ${sql.join(
      instrumentIds.map((id) => sql`(${id}::uuid)`),
      sql`, `,
    )}) as i(id)
    cross join lateral (select price from trades t where t.instrument_id = i.id order by t.sequence desc limit 1) l
    left join lateral (select price from trades t where t.instrument_id = i.id and t.created_at <= now() - interval '24 hours'
      order by t.created_at desc, t.sequence desc limit 1) p on true
    left join lateral (select price from trades t where t.instrument_id = i.id and t.created_at > now() - interval '24 hours'
      order by t.created_at, t.sequence limit 1) o on true
    left join lateral (select sum(price * quantity) as value from trades t
      where t.instrument_id = i.id and t.created_at > now() - interval '24 hours') v on true`);
  for (const row of rowsOf(result)) {
    stats.set(String(row.id), {
      lastPrice: BigInt(String(row.last_price)),
      referencePrice: BigInt(String(row.reference_price)),
      volume24h: BigInt(String(row.volume)),
    });
  }
  return stats;
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  const result = await db.execute(sql`select to_regclass(${`public.${table}`}) is not null as present`);
  return rowsOf(result)[0]?.present === true;
}

// PGlite answers `{ rows }`, postgres-js an array of rows.
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) ?? [];
}
