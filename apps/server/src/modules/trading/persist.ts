import { timeOrderedId } from '../../time-ordered-id';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { jsonRows, uuidArray } from '../../db/json-rows';
import { AUDITED_ORDER_COLUMNS, type OrderAppend } from '../audit/order-rows';
import {
  balanceKey,
  commit,
  findUserAccounts,
  lockAvailable,
  readAvailable,
  type AvailableCache,
  type BalanceState,
} from '../ledger';
import type { InstrumentDesk, OrderState } from './desk';
import { balancesToRefresh } from './funds-precheck';
import { reservationKey, type BatchContext, type BatchWrites, type Command, type TradeRecord } from './order-flow';

/** userId -> ledger account id, filled lazily; accounts are never deleted. */
export type AccountCache = Map<string, string>;

export async function loadAccounts(tx: Db | Tx, cache: AccountCache, userIds: Iterable<string>): Promise<void> {
  const missing = [...new Set(userIds)].filter((id) => !cache.has(id));
  if (missing.length === 0) return;
  for (const [userId, accountId] of await findUserAccounts(tx, missing)) cache.set(userId, accountId);
}

/**
 * Reads what a batch decides on: the takers' available balances and the orders already
 * placed under the batch's idempotency keys. With `lock` (inside a transaction) every
 * taker balance is read and locked until commit; without, balances come from `balances`
 * and only those it does not know are read. Keys read here are `fresh` in the context.
 */
export async function loadBatchContext(
  db: Db | Tx,
  desk: InstrumentDesk,
  commands: Command[],
  cache: AccountCache,
  balances: AvailableCache,
  lock: boolean,
): Promise<BatchContext> {
  const places = commands.flatMap((c) => (c.kind === 'place' ? [c.order] : []));
  await loadAccounts(
    db,
    cache,
    places.map((o) => o.userId),
  );
  const keys = places.flatMap((o) => {
    const accountId = cache.get(o.userId);
    return accountId ? [reservationKey(desk, accountId, o.side)] : [];
  });
  // Unknown balances, and known ones that could refuse an order of this batch, are read now.
  const refresh = lock
    ? []
    : balancesToRefresh(
        places,
        (o) => {
          const accountId = cache.get(o.userId);
          return accountId ? reservationKey(desk, accountId, o.side) : undefined;
        },
        (k) => balances.get(k),
      );
  const toRead = lock ? keys : [...keys.filter((k) => balances.get(k) === undefined), ...refresh];
  const read = lock ? await lockAvailable(db as Tx, toRead) : await readAvailable(db, toRead);
  const fresh = new Set<string>();
  for (const key of toRead) {
    // A balance never touched has no row: nothing available.
    balances.set(key, read.get(balanceKey(key)) ?? 0n);
    fresh.add(balanceKey(key));
  }
  const available = new Map(keys.map((k) => [balanceKey(k), balances.get(k)!]));
  const existingByKey = new Map<string, OrderState>();
  const keyed = places.filter((o) => o.idempotencyKey !== null);
  if (keyed.length > 0) {
    const rows = await db
      .select()
      .from(orders)
      .where(
        and(
          inArray(
            orders.userId,
            keyed.map((o) => o.userId),
          ),
          inArray(
            orders.idempotencyKey,
            keyed.map((o) => o.idempotencyKey!),
          ),
        ),
      );
    for (const row of rows) existingByKey.set(`${row.userId}:${row.idempotencyKey}`, toOrderState(row));
  }
  return {
    desk,
    accountOf: lookupIn(cache),
    available,
    fresh,
    existingByKey,
    now: new Date(),
    refusedOnCachedBalance: false,
    touched: new Map(),
  };
}

// Returned, not written as a named property of the context: under tsx a named closure costs a
// defineProperty of its name, once per batch here.
function lookupIn(cache: AccountCache): (userId: string) => string | undefined {
  return (userId) => cache.get(userId);
}

/**
 * Persists everything a batch decided in ONE statement (data-modifying CTEs, each fed by
 * one JSON parameter): orders, order updates, trades and settlements here, and through
 * the ledger's `commit` the DvP journal entries and every balance change, guarded, and
 * (when given) the batch's audit rows.
 * Constant statement text, one round trip; answers the balances as it left them.
 */
export function writeBatch(
  db: Db | Tx,
  writes: BatchWrites,
  fence: SQL | null = null,
  audit: OrderAppend | null = null,
): Promise<BalanceState[]> {
  const updated = [...writes.updated.values()].filter((o) => !writes.inserted.includes(o));
  // In a cluster, the lease check (trading/ownership.ts) rides in the same statement.
  const ctes: SQL[] = fence ? [fence] : [];
  const written: SQL[] = [];
  if (writes.inserted.length > 0) {
    ctes.push(insertOrdersCte(writes.inserted));
    written.push(sql`select ${AUDITED} from ord_ins`);
  }
  if (updated.length > 0) {
    ctes.push(updateOrdersCte(updated));
    written.push(sql`select ${AUDITED} from ord_upd`);
  }
  if (writes.trades.length > 0) ctes.push(insertTradesCte(writes.trades), insertSettlementsCte(writes.trades));
  // The audit rows are built from the orders as written (decision 0083); a batch with audit
  // rows always wrote the orders they name.
  if (audit && written.length > 0) ctes.push(audit.cte(sql.join(written, sql` union all `)));
  return commit(db, writes.ledger, ctes);
}

// What ord_ins and ord_upd answer: the columns an order's audit row is built from.
const AUDITED = sql.raw(AUDITED_ORDER_COLUMNS);
const AUDITED_OF_UPDATED = sql.raw(AUDITED_ORDER_COLUMNS.replace(/(\w+)/g, 'o.$1'));

/**
 * A date as JSON writes it (`toISOString`), remembering the last one: a batch's rows share
 * its time (`BatchContext.now`), so most rows' dates are written once per batch, not per row
 * (and `JSON.stringify` then meets strings, not objects with a `toJSON`; decision 0087).
 */
function isoTexts(): (date: Date) => string {
  let last: Date | null = null;
  let text = '';
  return (date) => {
    if (date !== last) {
      last = date;
      text = date.toISOString();
    }
    return text;
  };
}

// `with ordinality` + `order by n` keeps arrival order in the bigserial sequence (time priority on rebuild).
function insertOrdersCte(rows: OrderState[]): SQL {
  const iso = isoTexts();
  const json = jsonRows(
    rows.map((o) => {
      const created = o.createdAt.toISOString();
      return {
        id: o.id,
        user_id: o.userId,
        instrument_id: o.instrumentId,
        side: o.side,
        type: o.type,
        time_in_force: o.timeInForce,
        post_only: o.postOnly,
        price: o.price === null ? null : String(o.price),
        quantity: String(o.quantity),
        filled_quantity: String(o.filledQuantity),
        filled_value: String(o.filledValue),
        status: o.status,
        cancel_reason: o.cancelReason,
        reserved: String(o.reserved),
        idempotency_key: o.idempotencyKey,
        created_at: created,
        updated_at: o.updatedAt === o.createdAt ? created : iso(o.updatedAt),
      };
    }),
  );
  return sql`ord_ins as (insert into orders (id, user_id, instrument_id, side, type, time_in_force, post_only, price, quantity,
      filled_quantity, filled_value, status, cancel_reason, reserved, idempotency_key, created_at, updated_at)
    select id, user_id, instrument_id, side, type, time_in_force, post_only, price, quantity,
      filled_quantity, filled_value, status, cancel_reason, reserved, idempotency_key, created_at, updated_at
    from rows from (json_to_recordset(${json}::json) as (id uuid, user_id uuid, instrument_id uuid, side text, type text,
      time_in_force text, post_only boolean, price bigint, quantity bigint, filled_quantity bigint, filled_value bigint, status text,
      cancel_reason text, reserved bigint, idempotency_key text, created_at timestamptz, updated_at timestamptz)) with ordinality as r
    order by r.ordinality
    returning ${AUDITED})`;
}

function updateOrdersCte(rows: OrderState[]): SQL {
  const iso = isoTexts();
  const json = jsonRows(
    rows.map((o) => ({
      id: o.id,
      filled_quantity: String(o.filledQuantity),
      filled_value: String(o.filledValue),
      reserved: String(o.reserved),
      status: o.status,
      cancel_reason: o.cancelReason,
      updated_at: iso(o.updatedAt),
    })),
  );
  return sql`ord_upd as (update orders o set filled_quantity = r.filled_quantity, filled_value = r.filled_value, reserved = r.reserved,
      status = r.status, cancel_reason = r.cancel_reason, updated_at = r.updated_at
    from json_to_recordset(${json}::json) as r(id uuid, filled_quantity bigint, filled_value bigint, reserved bigint, status text, cancel_reason text, updated_at timestamptz)
    where o.id = r.id and o.id = any(${uuidArray(rows.map((o) => o.id))})
    returning ${AUDITED_OF_UPDATED})`;
}

function insertTradesCte(rows: TradeRecord[]): SQL {
  const iso = isoTexts();
  const json = jsonRows(
    rows.map((t) => ({
      id: t.id,
      instrument_id: t.instrumentId,
      buy_order_id: t.buyOrderId,
      sell_order_id: t.sellOrderId,
      buyer_id: t.buyerId,
      seller_id: t.sellerId,
      taker_side: t.takerSide,
      price: String(t.price),
      quantity: String(t.quantity),
      created_at: iso(t.createdAt),
    })),
  );
  return sql`trd_ins as (insert into trades (id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity, created_at)
    select id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity, created_at
    from rows from (json_to_recordset(${json}::json) as (id uuid, instrument_id uuid, buy_order_id uuid, sell_order_id uuid, buyer_id uuid,
      seller_id uuid, taker_side text, price bigint, quantity bigint, created_at timestamptz)) with ordinality as r
    order by r.ordinality)`;
}

/**
 * One settlement per trade: completed at once when the trade settled in its own transaction
 * (T+0), pending until its settlement date otherwise (T+N, modules/settlement settles it).
 */
function insertSettlementsCte(rows: TradeRecord[]): SQL {
  const iso = isoTexts();
  const json = jsonRows(
    rows.map((trade) => ({
      id: timeOrderedId(),
      trade_id: trade.id,
      journal_entry_id: trade.entryId,
      status: trade.entryId === null ? 'pending' : 'completed',
      currency: trade.currency,
      cash_amount: String(trade.price * trade.quantity),
      units: String(trade.quantity),
      created_at: iso(trade.createdAt),
      settled_at: trade.entryId === null ? null : iso(trade.createdAt),
      settle_on: trade.settleOn,
    })),
  );
  return sql`stl_ins as (insert into settlements (id, trade_id, journal_entry_id, status, currency, cash_amount, units, created_at,
      settled_at, settle_on)
    select id, trade_id, journal_entry_id, status, currency, cash_amount, units, created_at, settled_at, settle_on
    from json_to_recordset(${json}::json) as r(id uuid, trade_id uuid, journal_entry_id uuid, status text, currency text, cash_amount bigint,
      units bigint, created_at timestamptz, settled_at timestamptz, settle_on date))`;
}

export function toOrderState(row: typeof orders.$inferSelect): OrderState {
  const { sequence: _sequence, ...rest } = row;
  return rest;
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
