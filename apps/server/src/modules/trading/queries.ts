import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cursorAtOf, decodeCursor, olderThan, pageOf } from '../../db/cursor';
import { instruments, orders, settlements, trades } from '../../db/schema';
import { orderDto, tradeDto } from './dto';
import { toOrderState } from './persist';
import type { MyTrade, Order, Trade } from '@meridian/schemas';

export const LIST_LIMIT = 100;

/** A page of a list, newest first; `nextCursor` reads the older rows after it (null: no more). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Most recent orders, newest first; one user's when `userId` is given; `withOwner` adds who
 * placed each. `cursor` (a previous page's `nextCursor`) continues after that page.
 */
export async function listOrders(
  db: Db,
  options: { userId?: string; limit?: number; withOwner?: boolean; cursor?: string } = {},
): Promise<Page<Order>> {
  const limit = options.limit ?? LIST_LIMIT;
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const rows = await db
    .select({
      order: orders,
      name: instruments.name,
      currency: instruments.currency,
      cursorAt: cursorAtOf(orders.createdAt),
      sequence: orders.sequence,
    })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(
      and(
        options.userId ? eq(orders.userId, options.userId) : undefined,
        after ? olderThan(orders.createdAt, orders.sequence, after) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.sequence))
    .limit(limit + 1);
  const page = pageOf(rows, limit);
  return {
    items: page.rows.map((r) => {
      const dto = orderDto(toOrderState(r.order), r);
      return options.withOwner ? { ...dto, userId: r.order.userId } : dto;
    }),
    nextCursor: page.nextCursor,
  };
}

const tradeColumns = {
  trade: trades,
  name: instruments.name,
  currency: instruments.currency,
  settlementStatus: settlements.status,
  cursorAt: cursorAtOf(trades.createdAt),
  sequence: trades.sequence,
};

/** Most recent trades of the market, newest first (no counterparties); `cursor` as for orders. */
export async function listTrades(
  db: Db,
  options: { instrumentId?: string; limit?: number; cursor?: string } = {},
): Promise<Page<Trade>> {
  const limit = options.limit ?? LIST_LIMIT;
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const rows = await db
    .select(tradeColumns)
    .from(trades)
    .innerJoin(instruments, eq(instruments.id, trades.instrumentId))
    .leftJoin(settlements, eq(settlements.tradeId, trades.id))
    .where(
      and(
        options.instrumentId ? eq(trades.instrumentId, options.instrumentId) : undefined,
        after ? olderThan(trades.createdAt, trades.sequence, after) : undefined,
      ),
    )
    .orderBy(desc(trades.createdAt), desc(trades.sequence))
    .limit(limit + 1);
  const page = pageOf(rows, limit);
  return {
    items: page.rows.map((r) => tradeDto({ ...r.trade, settlementStatus: r.settlementStatus }, r)),
    nextCursor: page.nextCursor,
  };
}

/** The user's trades with their side, order and liquidity role, newest first; `cursor` as for orders. */
export async function listMyTrades(
  db: Db,
  userId: string,
  options: { limit?: number; cursor?: string } = {},
): Promise<Page<MyTrade>> {
  const limit = options.limit ?? LIST_LIMIT;
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const rows = await db
    .select(tradeColumns)
    .from(trades)
    .innerJoin(instruments, eq(instruments.id, trades.instrumentId))
    .leftJoin(settlements, eq(settlements.tradeId, trades.id))
    .where(
      and(
        or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)),
        after ? olderThan(trades.createdAt, trades.sequence, after) : undefined,
      ),
    )
    .orderBy(desc(trades.createdAt), desc(trades.sequence))
    .limit(limit + 1);
  const page = pageOf(rows, limit);
  return {
    items: page.rows.map((r) => {
      // A self-trade cannot happen (prevention), so the user is exactly one of the two sides.
      const side = r.trade.buyerId === userId ? 'buy' : 'sell';
      return {
        ...tradeDto({ ...r.trade, settlementStatus: r.settlementStatus }, r),
        side,
        orderId: side === 'buy' ? r.trade.buyOrderId : r.trade.sellOrderId,
        liquidity: side === r.trade.takerSide ? 'taker' : 'maker',
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/** Orders and trades created in the last `seconds`, for the system status rates. */
export async function recentActivity(db: Db, seconds: number): Promise<{ orders: number; trades: number }> {
  const since = sql`now() - make_interval(secs => ${seconds})`;
  const [o] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`${orders.createdAt} >= ${since}`);
  const [t] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trades)
    .where(sql`${trades.createdAt} >= ${since}`);
  return { orders: o?.n ?? 0, trades: t?.n ?? 0 };
}

export async function findOrder(db: Db, orderId: string, userId: string): Promise<Order | null> {
  const rows = await db
    .select({ order: orders, name: instruments.name, currency: instruments.currency })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return rows[0] ? orderDto(toOrderState(rows[0].order), rows[0]) : null;
}
