import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, orders, settlements, trades } from '../../db/schema';
import { orderDto, tradeDto } from './dto';
import { toOrderState } from './persist';
import type { MyTrade, Order, Trade } from '@meridian/schemas';

export const LIST_LIMIT = 100;

/** Most recent orders, newest first; one user's when `userId` is given; `withOwner` adds who placed each. */
export async function listOrders(
  db: Db,
  options: { userId?: string; limit?: number; withOwner?: boolean } = {},
): Promise<Order[]> {
  const rows = await db
    .select({ order: orders, name: instruments.name, currency: instruments.currency })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(options.userId ? eq(orders.userId, options.userId) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.sequence))
    .limit(options.limit ?? LIST_LIMIT);
  return rows.map((r) => {
    const dto = orderDto(toOrderState(r.order), r);
    return options.withOwner ? { ...dto, userId: r.order.userId } : dto;
  });
}

const tradeColumns = {
  trade: trades,
  name: instruments.name,
  currency: instruments.currency,
  settlementStatus: settlements.status,
};

/** Most recent trades of the market, newest first (no counterparties). */
export async function listTrades(db: Db, options: { instrumentId?: string; limit?: number } = {}): Promise<Trade[]> {
  const rows = await db
    .select(tradeColumns)
    .from(trades)
    .innerJoin(instruments, eq(instruments.id, trades.instrumentId))
    .leftJoin(settlements, eq(settlements.tradeId, trades.id))
    .where(options.instrumentId ? eq(trades.instrumentId, options.instrumentId) : undefined)
    .orderBy(desc(trades.createdAt), desc(trades.sequence))
    .limit(options.limit ?? LIST_LIMIT);
  return rows.map((r) => tradeDto({ ...r.trade, settlementStatus: r.settlementStatus }, r));
}

/** The user's trades with their side, order and liquidity role, newest first. */
export async function listMyTrades(db: Db, userId: string, limit = LIST_LIMIT): Promise<MyTrade[]> {
  const rows = await db
    .select(tradeColumns)
    .from(trades)
    .innerJoin(instruments, eq(instruments.id, trades.instrumentId))
    .leftJoin(settlements, eq(settlements.tradeId, trades.id))
    .where(or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)))
    .orderBy(desc(trades.createdAt), desc(trades.sequence))
    .limit(limit);
  return rows.map((r) => {
    // A self-trade cannot happen (prevention), so the user is exactly one of the two sides.
    const side = r.trade.buyerId === userId ? 'buy' : 'sell';
    return {
      ...tradeDto({ ...r.trade, settlementStatus: r.settlementStatus }, r),
      side,
      orderId: side === 'buy' ? r.trade.buyOrderId : r.trade.sellOrderId,
      liquidity: side === r.trade.takerSide ? 'taker' : 'maker',
    };
  });
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
