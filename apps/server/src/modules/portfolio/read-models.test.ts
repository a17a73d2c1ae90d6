import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../../db/client';
import { instruments, ledgerAccounts, trades, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { selectMarketStats } from '../instruments/queries';
import { userAccountCode } from '../ledger';
import { tradeStats, type TradeStats } from '../market-data/queries';
import { issueBond, orderClient } from '../trading/test-support';
import { costBasis, type UnitMovement } from './portfolio';
import { lastPricesBefore, positionsOf } from './portfolio-queries';

// The read models of drizzle/0026 (decision 0056) against the queries they replaced, kept
// here verbatim: same seeded trades, same answers — before and after history is rewritten.

const HOUR = 3_600_000;
const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string));

/** The former market-data `tradeStats`: last price, price before the window, then the window aggregated from trades. */
async function legacyTradeStats(db: Db, now: Date): Promise<Map<string, TradeStats>> {
  const since = new Date(now.getTime() - 24 * HOUR);
  const edges = await selectRows<{ instrumentId: string; last: string; before: string | null }>(
    db,
    sql`select i.id::text as "instrumentId", l.price::text as last, b.price::text as before from (select id from instruments) as i(id)
      cross join lateral (select price from trades t where t.instrument_id = i.id
        order by t.created_at desc, t.sequence desc limit 1) l
      left join lateral (select price from trades t where t.instrument_id = i.id and t.created_at < ${since.toISOString()}
        order by t.created_at desc, t.sequence desc limit 1) b on true`,
  );
  const window = await db
    .select({
      instrumentId: trades.instrumentId,
      first: sql<string>`(array_agg(${trades.price} order by ${trades.createdAt}, ${trades.sequence}))[1]`,
      volume: sql<string>`sum(${trades.quantity})`,
      turnover: sql<string>`sum(${trades.price} * ${trades.quantity})`,
      high: sql<string>`max(${trades.price})`,
      low: sql<string>`min(${trades.price})`,
      count: sql<number>`count(*)::int`,
    })
    .from(trades)
    .where(sql`${trades.createdAt} >= ${since.toISOString()}`)
    .groupBy(trades.instrumentId);
  const stats = new Map<string, TradeStats>();
  for (const row of edges)
    stats.set(row.instrumentId, {
      lastPrice: BigInt(row.last),
      referencePrice: big(row.before),
      volume24h: 0n,
      turnover24h: 0n,
      high24h: null,
      low24h: null,
      trades24h: 0,
    });
  for (const row of window) {
    const s = stats.get(row.instrumentId)!;
    s.referencePrice ??= big(row.first);
    s.volume24h = big(row.volume) ?? 0n;
    s.turnover24h = big(row.turnover) ?? 0n;
    s.high24h = big(row.high);
    s.low24h = big(row.low);
    s.trades24h = Number(row.count);
  }
  return stats;
}

/** The former instruments `selectMarketStats` (last by sequence; reference before, else first in window, else last). */
async function legacyMarketStats(db: Db, ids: string[]) {
  const rows = await selectRows<Record<string, string>>(
    db,
    sql`select i.id::text as id, l.price::text as last_price, coalesce(p.price, o.price, l.price)::text as reference_price,
        coalesce(v.value, 0)::text as volume
    from unnest(${sql`array[${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`}) as i(id)
    cross join lateral (select price from trades t where t.instrument_id = i.id order by t.sequence desc limit 1) l
    left join lateral (select price from trades t where t.instrument_id = i.id and t.created_at <= now() - interval '24 hours'
      order by t.created_at desc, t.sequence desc limit 1) p on true
    left join lateral (select price from trades t where t.instrument_id = i.id and t.created_at > now() - interval '24 hours'
      order by t.created_at, t.sequence limit 1) o on true
    left join lateral (select sum(price * quantity) as value from trades t
      where t.instrument_id = i.id and t.created_at > now() - interval '24 hours') v on true`,
  );
  return new Map(
    rows.map((r) => [
      r.id!,
      { lastPrice: BigInt(r.last_price!), referencePrice: BigInt(r.reference_price!), volume24h: BigInt(r.volume!) },
    ]),
  );
}

/** The former `unitMovements`: every traded units line of the account with the cash of its entry. */
async function legacyMovements(db: Db, accountId: string, userId: string): Promise<UnitMovement[]> {
  const rows = await selectRows<Record<string, string>>(
    db,
    sql`select e.created_at::text as created_at, u.asset as instrument_id, u.amount::text as units, i.currency,
      (select coalesce(sum(c.amount), 0) from journal_lines c
        where c.entry_id = e.id and c.account_id = u.account_id and c.asset_type = 'cash')::text as cash
    from journal_lines u
    join journal_entries e on e.id = u.entry_id
    join instruments i on i.id::text = u.asset
    where u.account_id = ${accountId} and u.asset_type = 'units' and e.kind = 'trade' and i.issuer_user_id <> ${userId}
    order by e.created_at, u.id`,
  );
  return rows.map((r) => ({
    instrumentId: r.instrument_id!,
    currency: r.currency!,
    units: BigInt(r.units!),
    cash: -BigInt(r.cash!),
    at: new Date(r.created_at!),
  }));
}

async function legacyLastPricesBefore(db: Db, ids: string[], before: Date): Promise<Map<string, bigint>> {
  const rows = await db
    .selectDistinctOn([trades.instrumentId], { instrumentId: trades.instrumentId, price: trades.price })
    .from(trades)
    .where(and(inArray(trades.instrumentId, ids), sql`${trades.createdAt} < ${before.toISOString()}`))
    .orderBy(trades.instrumentId, sql`${trades.createdAt} desc`, sql`${trades.sequence} desc`);
  return new Map(rows.map((r) => [r.instrumentId, r.price]));
}

let t: TestApp;
const people: Record<string, { id: string; cookie: string; account: string }> = {};
let bonds: string[] = [];

async function compareAll(): Promise<void> {
  const now = new Date();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const ids = (await t.db.select({ id: instruments.id }).from(instruments)).map((r) => r.id);
  expect(await tradeStats(t.db, undefined, now)).toEqual(await legacyTradeStats(t.db, now));
  expect(await selectMarketStats(t.db, ids)).toEqual(await legacyMarketStats(t.db, ids));
  for (const who of Object.values(people)) {
    const { basis, tradedToday } = await positionsOf(t.db, who.account, who.id, dayStart);
    const movements = await legacyMovements(t.db, who.account, who.id);
    // Instruments whose basis ends at zero everywhere appear in neither only if never traded.
    expect(basis).toEqual(costBasis(movements, dayStart));
    expect(tradedToday.sort()).toEqual(
      [...new Set(movements.filter((m) => m.at >= dayStart).map((m) => m.instrumentId))].sort(),
    );
    const [count] = await selectRows<{ n: string }>(
      t.db,
      sql`select coalesce((select sum(trades) from user_trade_counts where user_id = ${who.id}), 0)::text as n`,
    );
    const legacyCount = await t.db
      .select({ id: trades.id })
      .from(trades)
      .where(or(eq(trades.buyerId, who.id), eq(trades.sellerId, who.id)));
    expect(Number(count!.n)).toBe(legacyCount.length);
  }
  expect(await lastPricesBefore(t.db, bonds, dayStart)).toEqual(await legacyLastPricesBefore(t.db, bonds, dayStart));
  const hourAgo = new Date(now.getTime() - HOUR);
  expect(await lastPricesBefore(t.db, bonds, hourAgo)).toEqual(await legacyLastPricesBefore(t.db, bonds, hourAgo));
}

async function snapshot() {
  return selectRows(
    t.db,
    sql`select (select json_agg(s order by instrument_id) from instrument_trade_stats s)::text as stats,
      (select json_agg(h order by instrument_id, hour) from instrument_trade_hours h)::text as hours,
      (select json_agg(c order by user_id, instrument_id) from user_trade_counts c)::text as counts,
      (select json_agg(p order by account_id, instrument_id) from account_positions p)::text as positions`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const emails = ['issuer@meridian.test', 'investor@meridian.test', 'investor2@meridian.test'];
  const rows = await t.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  for (const email of emails) {
    const id = rows.find((r) => r.email === email)!.id;
    const cookie = await t.signIn(email);
    people[email] = { id, cookie, account: '' };
  }
  const api = orderClient(t);
  const issuer = people['issuer@meridian.test']!.cookie;
  const a = people['investor@meridian.test']!.cookie;
  const b = people['investor2@meridian.test']!.cookie;
  bonds = [await issueBond(t, issuer, 'Read Model Bond A'), await issueBond(t, issuer, 'Read Model Bond B')];
  const cross = async (seller: string, buyer: string, instrumentId: string, quantity: number, price: string) => {
    const sell = await api.place(seller, { instrumentId, orderType: 'sell', type: 'limit', quantity, price });
    expect(sell.statusCode).toBe(201);
    const buy = await api.place(buyer, { instrumentId, orderType: 'buy', type: 'limit', quantity, price });
    expect(buy.json().status).toBe('filled');
  };
  // Buys at uneven prices, then partial sales: the pro-rata release divides with a remainder.
  await cross(issuer, a, bonds[0]!, 3, '100.01');
  await cross(issuer, a, bonds[0]!, 4, '99.97');
  await cross(a, b, bonds[0]!, 2, '101.13');
  await cross(issuer, b, bonds[1]!, 7, '98.33');
  await cross(b, a, bonds[1]!, 3, '99.01');
  await cross(a, b, bonds[0]!, 5, '100.50');
  await cross(b, a, bonds[0]!, 1, '100.77');
  for (const who of Object.values(people)) {
    const [account] = await t.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, userAccountCode(who.id)));
    who.account = account!.id;
  }
});
afterAll(() => t.close());

describe('read models (drizzle/0026) answer what the history queries answered', () => {
  it('as trades commit', async () => {
    await compareAll();
  });

  it('rebuilt from history: the same rows as kept incrementally', async () => {
    const kept = await snapshot();
    await t.db.execute(sql`select read_models_rebuild()`);
    expect(await snapshot()).toEqual(kept);
  });

  it('with trades spread across the 24-hour edge and previous days', async () => {
    // Oldest trades first: 30 h, 23.6 h, 23.1 h and 2 h ago; the rest stay now.
    const shifted = await selectRows<{ id: string; entry: string | null }>(
      t.db,
      sql`select t.id::text as id, s.journal_entry_id::text as entry from trades t
        left join settlements s on s.trade_id = t.id
        where t.instrument_id = any(array[${bonds[0]}::uuid, ${bonds[1]}::uuid]) order by t.sequence limit 4`,
    );
    const ages = [30, 23.6, 23.1, 2];
    for (const [i, row] of shifted.entries()) {
      const at = new Date(Date.now() - ages[i]! * HOUR).toISOString();
      await t.db.execute(sql`update trades set created_at = ${at} where id = ${row.id}`);
      if (row.entry) await t.db.execute(sql`update journal_entries set created_at = ${at} where id = ${row.entry}`);
    }
    await t.db.execute(sql`select read_models_rebuild()`);
    await compareAll();
  });
});
