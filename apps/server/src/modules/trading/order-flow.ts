import { CancelReason as EngineCancelReason, PlaceCode, Side } from '@meridian/matching';
import { timeOrderedId } from '../../time-ordered-id';
import { formatMoneyText, isOnPriceTick, priceTickMessage, type Order } from '@meridian/schemas';
import { AppError, conflict, forbidden, unprocessable } from '../../errors';
import { LedgerBatch, balanceKey, type BalanceKey } from '../ledger';
import { addBusinessDays, tradeDate } from '../settlement/calendar';
import type { OrderAuditRow } from '../audit/order-rows';
import type { AuditContext } from '../audit/record';
import type { InstrumentDesk, OrderState } from './desk';

/** `audit`: who asked and from where (the request); absent for the platform's own orders. */
export type Command =
  | { kind: 'place'; order: OrderState; audit?: AuditContext }
  | { kind: 'cancel'; orderId: string; userId: string; audit?: AuditContext };
/** `dto`: the order's answer as the batch published it (built once per order; absent for replays and remote answers). */
export type Outcome = { ok: true; order: OrderState; replayed: boolean; dto?: Order } | { ok: false; error: AppError };

export interface TradeRecord {
  id: string;
  instrumentId: string;
  buyOrderId: string;
  sellOrderId: string;
  buyerId: string;
  sellerId: string;
  buyerAccountId: string;
  sellerAccountId: string;
  takerSide: 'buy' | 'sell';
  price: bigint;
  quantity: bigint;
  currency: string;
  createdAt: Date;
  /** The ledger entry that settled it; null while a T+N settlement is pending. */
  entryId: string | null;
  /** Intended settlement date, YYYY-MM-DD (the trade date for T+0). */
  settleOn: string;
}

/** What a batch read before matching (under row locks) and what it will write. */
export interface BatchContext {
  desk: InstrumentDesk;
  /** Ledger account of a user, when the user has one. */
  accountOf(userId: string): string | undefined;
  /** Available (total - reserved) of the taker balances, keyed by balanceKey: read now or last known. */
  available: Map<string, bigint>;
  /** The keys of `available` read from the database for this batch (the others are last known figures). */
  fresh: ReadonlySet<string>;
  /** Set when an order was refused for want of funds on a figure that was not fresh: the batch must run again on fresh reads. */
  refusedOnCachedBalance: boolean;
  /** Orders already placed with an idempotency key, keyed `${userId}:${key}`. */
  existingByKey: Map<string, OrderState>;
  now: Date;
  /** Resting orders this batch changed, as they were before it: what `InstrumentDesk.undo` puts back if the write fails. */
  touched: Map<string, Touched>;
}

/** A resting order changed by a batch: the live object, a copy of it before, its engine id (time priority). */
export interface Touched {
  order: OrderState;
  before: OrderState;
  engineId: number;
}

/** Keeps the first pre-batch copy of a resting order the batch is about to change. */
function touch(ctx: BatchContext, order: OrderState, engineId: number): void {
  if (!ctx.touched.has(order.id)) ctx.touched.set(order.id, { order, before: { ...order }, engineId });
}

export interface BatchWrites {
  inserted: OrderState[];
  updated: Map<string, OrderState>;
  trades: TradeRecord[];
  /** Reservations and DvP settlements, written by the ledger with the batch. */
  ledger: LedgerBatch;
}

/** The balance an order reserves from: cash of the instrument currency for buys, units for sells. */
export function reservationKey(desk: InstrumentDesk, accountId: string, side: 'buy' | 'sell'): BalanceKey {
  return side === 'buy'
    ? { accountId, assetType: 'cash', asset: desk.instrument.currency }
    : { accountId, assetType: 'units', asset: desk.instrument.id };
}

/**
 * Runs a batch of commands through the instrument's book in arrival order and collects
 * every write (orders, trades, balance changes). Pure apart from the desk: the caller
 * persists `writes` in one transaction and rebuilds the desk if that fails.
 */
export function runBatch(ctx: BatchContext, commands: Command[]): { outcomes: Outcome[]; writes: BatchWrites } {
  const writes: BatchWrites = { inserted: [], updated: new Map(), trades: [], ledger: new LedgerBatch() };
  const outcomes = commands.map((command): Outcome => {
    try {
      return command.kind === 'place'
        ? place(ctx, writes, command.order)
        : cancel(ctx, writes, command.orderId, command.userId);
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error };
      throw error;
    }
  });
  return { outcomes, writes };
}

function place(ctx: BatchContext, writes: BatchWrites, order: OrderState): Outcome {
  const { desk } = ctx;
  if (order.idempotencyKey !== null) {
    const earlier = ctx.existingByKey.get(`${order.userId}:${order.idempotencyKey}`);
    if (earlier) return replay(earlier, order);
  }
  // Every order on the currency's tick, whatever sent it: then each trade's cash is whole minor units.
  if (order.price !== null && !isOnPriceTick(order.price, desk.instrument.currency))
    throw offTick(desk.instrument.currency);
  const amount = reservationAmount(desk, order);
  const accountId = ctx.accountOf(order.userId);
  const key = accountId ? reservationKey(desk, accountId, order.side) : undefined;
  const keyText = key ? balanceKey(key) : '';
  const available = key ? (ctx.available.get(keyText) ?? 0n) : 0n;
  if (!key || available < amount) {
    if (key && !ctx.fresh.has(keyText)) ctx.refusedOnCachedBalance = true;
    throw insufficient(desk, order.side, amount, available);
  }

  const code = desk.submit(order, order.quantity);
  if (code !== PlaceCode.OK) throw refused(code);
  const report = desk.report;
  if (report.filledQuantity === 0 && report.cancelReason === EngineCancelReason.SELF_TRADE) {
    throw unprocessable('SELF_TRADE', 'Order would trade with your own resting order (self-trade prevention)');
  }
  ctx.available.set(keyText, available - amount);
  order.reserved = amount;
  writes.ledger.reserve(key, amount);

  for (let i = 0; i < report.fillCount; i++) {
    const makerEngineId = report.makerIds[i]!;
    const maker = desk.restingOrder(makerEngineId);
    touch(ctx, maker, makerEngineId);
    const price = BigInt(report.prices[i]!);
    const quantity = BigInt(report.quantities[i]!);
    settleFill(ctx, writes, order, maker, price, quantity);
    if (report.makerRemaining[i] === 0) {
      finish(ctx, writes, maker, 'filled', null);
      desk.retire(makerEngineId);
    }
    writes.updated.set(maker.id, maker);
  }

  if (report.restingQuantity > 0) trimReservation(ctx, writes, order);
  else if (order.filledQuantity === order.quantity) finish(ctx, writes, order, 'filled', null);
  else
    finish(
      ctx,
      writes,
      order,
      'cancelled',
      report.cancelReason === EngineCancelReason.SELF_TRADE ? 'self_trade' : 'no_liquidity',
    );
  writes.inserted.push(order);
  if (order.idempotencyKey !== null) ctx.existingByKey.set(`${order.userId}:${order.idempotencyKey}`, order);
  return { ok: true, order, replayed: false };
}

/** Cash a buy could spend (limit: quantity x price; market: the cost of walking the book now) or units a sell could deliver. */
function reservationAmount(desk: InstrumentDesk, order: OrderState): bigint {
  if (order.side === 'sell') {
    if (order.type === 'market' && desk.book.bestBid() === 0) throw noLiquidity('buy');
    return order.quantity;
  }
  if (order.type === 'limit') return order.quantity * order.price!;
  let left = order.quantity;
  let cost = 0n;
  for (const level of desk.book.depth(Side.SELL, Number.POSITIVE_INFINITY)) {
    if (left === 0n) break;
    const take = BigInt(level.quantity) < left ? BigInt(level.quantity) : left;
    cost += take * BigInt(level.price);
    left -= take;
  }
  if (cost === 0n) throw noLiquidity('sell');
  return cost;
}

/**
 * One fill: the orders' figures move here. T+0: the ledger settles it DvP against both
 * reservations now. T+N: the reservations stay on the balances, held by the trade's pending
 * settlement (no longer by the orders), until the settlement run delivers them.
 */
function settleFill(
  ctx: BatchContext,
  writes: BatchWrites,
  taker: OrderState,
  maker: OrderState,
  price: bigint,
  quantity: bigint,
): void {
  const buy = taker.side === 'buy' ? taker : maker;
  const sell = taker.side === 'buy' ? maker : taker;
  const value = price * quantity;
  const buyerAccountId = ctx.accountOf(buy.userId)!;
  const sellerAccountId = ctx.accountOf(sell.userId)!;
  for (const order of [buy, sell]) {
    order.filledQuantity += quantity;
    order.filledValue += value;
    order.updatedAt = ctx.now;
  }
  buy.reserved -= value;
  sell.reserved -= quantity;
  const { currency, id: instrumentId, settlementCycle = 0 } = ctx.desk.instrument;
  const tradeId = timeOrderedId();
  const entryId =
    settlementCycle === 0
      ? writes.ledger.settle({
          tradeId,
          buyerAccountId,
          sellerAccountId,
          instrumentId,
          currency,
          price,
          quantity,
          createdAt: ctx.now,
        })
      : null;
  writes.trades.push({
    id: tradeId,
    instrumentId,
    buyOrderId: buy.id,
    sellOrderId: sell.id,
    buyerId: buy.userId,
    sellerId: sell.userId,
    buyerAccountId,
    sellerAccountId,
    takerSide: taker.side,
    price,
    quantity,
    currency,
    createdAt: ctx.now,
    entryId,
    settleOn: addBusinessDays(tradeDate(ctx.now), settlementCycle),
  });
}

/** A resting buy keeps exactly remaining x limit reserved; price improvement is released. */
function trimReservation(ctx: BatchContext, writes: BatchWrites, order: OrderState): void {
  const remaining = order.quantity - order.filledQuantity;
  const target = order.side === 'buy' ? remaining * order.price! : remaining;
  release(ctx, writes, order, order.reserved - target);
}

function finish(
  ctx: BatchContext,
  writes: BatchWrites,
  order: OrderState,
  status: 'filled' | 'cancelled',
  reason: OrderState['cancelReason'],
): void {
  order.status = status;
  order.cancelReason = reason;
  order.updatedAt = ctx.now;
  release(ctx, writes, order, order.reserved);
}

function release(ctx: BatchContext, writes: BatchWrites, order: OrderState, amount: bigint): void {
  if (amount === 0n) return;
  order.reserved -= amount;
  const accountId = ctx.accountOf(order.userId)!;
  writes.ledger.release(reservationKey(ctx.desk, accountId, order.side), amount);
}

function cancel(ctx: BatchContext, writes: BatchWrites, orderId: string, userId: string): Outcome {
  const order = ctx.desk.find(orderId);
  if (!order) throw conflict('Order is no longer open');
  if (order.userId !== userId) throw forbidden('You can only cancel your own orders');
  touch(ctx, order, ctx.desk.engineIdOf(orderId)!);
  ctx.desk.cancel(orderId);
  finish(ctx, writes, order, 'cancelled', 'user');
  writes.updated.set(order.id, order);
  return { ok: true, order, replayed: false };
}

/** A retry replays only when it is the same normalised request, every field that shapes the order. */
function replay(earlier: OrderState, retry: OrderState): Outcome {
  const same =
    earlier.instrumentId === retry.instrumentId &&
    earlier.side === retry.side &&
    earlier.type === retry.type &&
    earlier.quantity === retry.quantity &&
    earlier.price === retry.price &&
    earlier.timeInForce === retry.timeInForce &&
    earlier.postOnly === retry.postOnly;
  if (!same)
    return {
      ok: false,
      error: unprocessable('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different order'),
    };
  return { ok: true, order: earlier, replayed: true };
}

function insufficient(desk: InstrumentDesk, side: 'buy' | 'sell', needed: bigint, available: bigint): AppError {
  if (side === 'sell') {
    return unprocessable(
      'INSUFFICIENT_UNITS',
      `Insufficient units: this order needs ${units(needed)} of ${desk.instrument.name}, you have ${units(available)} available`,
    );
  }
  const c = desk.instrument.currency;
  return unprocessable(
    'INSUFFICIENT_FUNDS',
    `Insufficient funds: this order needs ${formatMoneyText(needed, c)}, you have ${formatMoneyText(available, c)} available in ${c}`,
  );
}

const units = (count: bigint) => `${count.toLocaleString('en-US')} ${count === 1n ? 'unit' : 'units'}`;

/** 400 as the schema's refusals read (`Invalid request: body.price: ...`): the tick needs the instrument, which only the book knows. */
function offTick(currency: string): AppError {
  const message = priceTickMessage(currency);
  return new AppError(400, 'VALIDATION_ERROR', `Invalid request: body.price: ${message}`, {
    issues: [{ path: 'body.price', message }],
  });
}

function noLiquidity(restingSide: 'buy' | 'sell'): AppError {
  return unprocessable('NO_LIQUIDITY', `No liquidity: there are no ${restingSide} orders for this instrument`);
}

function refused(code: PlaceCode): AppError {
  switch (code) {
    case PlaceCode.POST_ONLY_WOULD_CROSS:
      return unprocessable('POST_ONLY_WOULD_CROSS', 'Post-only order would trade immediately');
    case PlaceCode.FOK_NOT_FILLABLE:
      return unprocessable('FOK_NOT_FILLABLE', 'Fill-or-kill order cannot be filled in full');
    default:
      return unprocessable('ORDER_REJECTED', `Order rejected by the matching engine (code ${code})`);
  }
}

/**
 * One audit row per order placed or cancelled by the batch (replays and refusals change
 * nothing and write none), in command order; the actor defaults to the order's owner.
 */
export function orderAuditRows(commands: Command[], outcomes: Outcome[]): OrderAuditRow[] {
  const rows: OrderAuditRow[] = [];
  commands.forEach((command, i) => {
    const outcome = outcomes[i];
    if (!outcome?.ok || outcome.replayed) return;
    rows.push({ action: command.kind, order: outcome.order, context: command.audit });
  });
  return rows;
}
