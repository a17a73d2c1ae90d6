import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerAccounts, orders, settlements, trades } from '../../db/schema';
import { applyBalanceDeltas, insertJournals, lockAvailable } from '../ledger/reservations';
import { userAccountCode, type JournalLine } from '../ledger/service';
import type { InstrumentDesk, OrderState } from './desk';
import { reservationKey, type BatchContext, type BatchWrites, type Command, type TradeRecord } from './order-flow';

const ROWS_PER_INSERT = 1000;

/** userId -> ledger account id, filled lazily; accounts are never deleted. */
export type AccountCache = Map<string, string>;

export async function loadAccounts(tx: Tx, cache: AccountCache, userIds: Iterable<string>): Promise<void> {
  const missing = [...new Set(userIds)].filter((id) => !cache.has(id));
  if (missing.length === 0) return;
  const rows = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, missing.map(userAccountCode)));
  for (const row of rows) cache.set(row.userId!, row.id);
}

/**
 * Reads what a batch decides on: the takers' balances (locked until commit) and the
 * orders already placed under the batch's idempotency keys.
 */
export async function loadBatchContext(tx: Tx, desk: InstrumentDesk, commands: Command[], cache: AccountCache): Promise<BatchContext> {
  const places = commands.flatMap((c) => (c.kind === 'place' ? [c.order] : []));
  await loadAccounts(tx, cache, places.map((o) => o.userId));
  const keys = places.flatMap((o) => {
    const accountId = cache.get(o.userId);
    return accountId ? [reservationKey(desk, accountId, o.side)] : [];
  });
  const available = await lockAvailable(tx, keys);
  const existingByKey = new Map<string, OrderState>();
  const keyed = places.filter((o) => o.idempotencyKey !== null);
  if (keyed.length > 0) {
    const rows = await tx
      .select()
      .from(orders)
      .where(and(inArray(orders.userId, keyed.map((o) => o.userId)), inArray(orders.idempotencyKey, keyed.map((o) => o.idempotencyKey!))));
    for (const row of rows) existingByKey.set(`${row.userId}:${row.idempotencyKey}`, toOrderState(row));
  }
  return { desk, accountOf: (userId) => cache.get(userId), available, existingByKey, now: new Date() };
}

/** Persists everything a batch decided, in the caller's transaction. */
export async function writeBatch(tx: Tx, writes: BatchWrites): Promise<void> {
  for (const chunk of chunks(writes.inserted)) await tx.insert(orders).values(chunk.map(orderRow));
  const updated = [...writes.updated.values()].filter((o) => !writes.inserted.includes(o));
  if (updated.length > 0) await tx.execute(updateOrdersStatement(updated));
  if (writes.trades.length > 0) {
    const settled = writes.trades.map((trade) => ({ trade, entryId: randomUUID() }));
    for (const chunk of chunks(writes.trades)) {
      await tx.insert(trades).values(chunk.map(({ currency: _c, buyerAccountId: _b, sellerAccountId: _s, ...t }) => t));
    }
    await insertJournals(
      tx,
      settled.map(({ trade, entryId }) => ({ id: entryId, kind: 'trade', reference: `trade:${trade.id}`, createdAt: trade.createdAt, lines: dvpLines(trade) })),
    );
    for (const chunk of chunks(settled)) await tx.insert(settlements).values(chunk.map(settlementRow));
  }
  await applyBalanceDeltas(tx, writes.deltas.list());
}

/** Delivery versus payment: cash buyer -> seller, units seller -> buyer; nets to zero per asset. */
function dvpLines(t: TradeRecord): JournalLine[] {
  const value = t.price * t.quantity;
  return [
    { accountId: t.buyerAccountId, assetType: 'cash', asset: t.currency, amount: -value },
    { accountId: t.sellerAccountId, assetType: 'cash', asset: t.currency, amount: value },
    { accountId: t.sellerAccountId, assetType: 'units', asset: t.instrumentId, amount: -t.quantity },
    { accountId: t.buyerAccountId, assetType: 'units', asset: t.instrumentId, amount: t.quantity },
  ];
}

/** The trade settled in its own transaction, so its settlement is completed at once. */
function settlementRow({ trade, entryId }: { trade: TradeRecord; entryId: string }): typeof settlements.$inferInsert {
  return {
    id: randomUUID(),
    tradeId: trade.id,
    journalEntryId: entryId,
    status: 'completed',
    currency: trade.currency,
    cashAmount: trade.price * trade.quantity,
    units: trade.quantity,
    createdAt: trade.createdAt,
    settledAt: trade.createdAt,
  };
}

function updateOrdersStatement(rows: OrderState[]): SQL {
  const values = rows.map(
    (o) =>
      sql`(${o.id}::uuid, ${o.filledQuantity}::bigint, ${o.filledValue}::bigint, ${o.reserved}::bigint, ${o.status}, ${o.cancelReason}, ${o.updatedAt.toISOString()}::timestamptz)`,
  );
  return sql`update ${orders} set
      filled_quantity = v.filled, filled_value = v.value, reserved = v.reserved,
      status = v.status, cancel_reason = v.reason, updated_at = v.updated
    from (values ${sql.join(values, sql`, `)}) as v(id, filled, value, reserved, status, reason, updated)
    where ${orders.id} = v.id`;
}

function orderRow(o: OrderState): typeof orders.$inferInsert {
  return { ...o };
}

export function toOrderState(row: typeof orders.$inferSelect): OrderState {
  const { sequence: _sequence, ...rest } = row;
  return rest;
}

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) yield rows.slice(i, i + ROWS_PER_INSERT);
}

/** Open orders of one instrument in arrival order, for rebuilding its book. */
export async function loadOpenOrders(tx: Tx, instrumentId: string): Promise<OrderState[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.instrumentId, instrumentId), eq(orders.status, 'open')))
    .orderBy(asc(orders.sequence));
  return rows.map(toOrderState);
}
