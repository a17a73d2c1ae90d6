import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InstrumentDesk, OwnerRegistry, type OrderState } from './desk';
import { balanceKey } from '../ledger';
import { runBatch, type BatchContext, type Command } from './order-flow';

const instrument = { id: 'inst-1', name: 'Test Bond', currency: 'USD' };
const accounts: Record<string, string> = { alice: 'acc-a', bob: 'acc-b', carol: 'acc-c' };

function order(
  userId: string,
  side: 'buy' | 'sell',
  quantity: number,
  price: number | null,
  extra: Partial<OrderState> = {},
): OrderState {
  const now = new Date('2026-01-01T00:00:00Z');
  return {
    id: randomUUID(),
    userId,
    instrumentId: instrument.id,
    side,
    type: price === null ? 'market' : 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: price === null ? null : BigInt(price),
    quantity: BigInt(quantity),
    filledQuantity: 0n,
    filledValue: 0n,
    status: 'open',
    cancelReason: null,
    reserved: 0n,
    idempotencyKey: null,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

/** A context where alice, bob and carol each hold 1,000.00 USD and 100 units. */
function context(desk = new InstrumentDesk(instrument, new OwnerRegistry())): BatchContext {
  const available = new Map<string, bigint>();
  for (const accountId of Object.values(accounts)) {
    available.set(balanceKey({ accountId, assetType: 'cash', asset: 'USD' }), 100_000n);
    available.set(balanceKey({ accountId, assetType: 'units', asset: instrument.id }), 100n);
  }
  return {
    desk,
    accountOf: (u) => accounts[u],
    available,
    fresh: new Set(available.keys()),
    refusedOnCachedBalance: false,
    existingByKey: new Map(),
    now: new Date('2026-01-01T00:00:01Z'),
    touched: new Map(),
  };
}

const place = (o: OrderState): Command => ({ kind: 'place', order: o });
const deltas = (writes: ReturnType<typeof runBatch>['writes']) =>
  Object.fromEntries(
    writes.ledger.balanceDeltas().map((d) => [`${d.accountId} ${d.assetType}`, [d.total, d.reserved]]),
  );

describe('runBatch', () => {
  it('reserves on placement, moves cash and units exactly on a fill, releases price improvement', () => {
    const ctx = context();
    const sell = order('alice', 'sell', 10, 9_950);
    const buy = order('bob', 'buy', 4, 10_000);
    const { outcomes, writes } = runBatch(ctx, [place(sell), place(buy)]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(writes.trades).toHaveLength(1);
    expect(writes.trades[0]).toMatchObject({
      buyOrderId: buy.id,
      sellOrderId: sell.id,
      price: 9_950n,
      quantity: 4n,
      takerSide: 'buy',
    });
    expect(deltas(writes)).toEqual({
      // alice: 10 units reserved, 4 delivered (total -4, reserved -4) => reserved +6; receives 4 x 99.50
      'acc-a cash': [39_800n, 0n],
      'acc-a units': [-4n, 6n],
      // bob: reserved 4 x 100.00, paid 4 x 99.50, the 2.00 difference released
      'acc-b cash': [-39_800n, 0n],
      'acc-b units': [4n, 0n],
    });
    expect(buy).toMatchObject({ status: 'filled', filledQuantity: 4n, filledValue: 39_800n, reserved: 0n });
    expect(sell).toMatchObject({ status: 'open', filledQuantity: 4n, reserved: 6n });
    expect(writes.updated.get(sell.id)).toBe(sell);
  });

  it('refuses a buy beyond the available cash and a sell beyond the available units', () => {
    const ctx = context();
    const [tooMuchCash, tooManyUnits] = runBatch(ctx, [
      place(order('bob', 'buy', 11, 10_000)),
      place(order('bob', 'sell', 101, 10_000)),
    ]).outcomes;
    expect(tooMuchCash).toMatchObject({
      ok: false,
      error: {
        code: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient funds: this order needs $1,100.00, you have $1,000.00 available in USD',
      },
    });
    expect(tooManyUnits).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_UNITS' } });
    expect(ctx.desk.book.size).toBe(0);
    expect(ctx.refusedOnCachedBalance).toBe(false);
  });

  it('flags a refusal made on a balance figure that was not read for this batch', () => {
    const ctx = { ...context(), fresh: new Set<string>() };
    const { outcomes } = runBatch(ctx, [place(order('bob', 'buy', 1, 10_000)), place(order('bob', 'buy', 11, 10_000))]);
    const { refusedOnCachedBalance } = ctx;
    expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(refusedOnCachedBalance).toBe(true);
  });

  it('counts earlier reservations of the same batch', () => {
    const ctx = context();
    const { outcomes } = runBatch(ctx, [place(order('bob', 'buy', 6, 10_000)), place(order('bob', 'buy', 5, 10_000))]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
  });

  it('refuses a market order on an empty book', () => {
    const { outcomes } = runBatch(context(), [
      place(order('bob', 'buy', 1, null)),
      place(order('bob', 'sell', 1, null)),
    ]);
    expect(outcomes).toMatchObject([
      {
        ok: false,
        error: { code: 'NO_LIQUIDITY', message: 'No liquidity: there are no sell orders for this instrument' },
      },
      {
        ok: false,
        error: { code: 'NO_LIQUIDITY', message: 'No liquidity: there are no buy orders for this instrument' },
      },
    ]);
  });

  it('reserves a market buy at the cost of walking the book and cancels what the book cannot fill', () => {
    const ctx = context();
    const buy = order('bob', 'buy', 5, null);
    const { writes } = runBatch(ctx, [
      place(order('alice', 'sell', 2, 10_000)),
      place(order('carol', 'sell', 1, 10_100)),
      place(buy),
    ]);
    expect(buy).toMatchObject({
      status: 'cancelled',
      cancelReason: 'no_liquidity',
      filledQuantity: 3n,
      filledValue: 30_100n,
      reserved: 0n,
    });
    expect(deltas(writes)['acc-b cash']).toEqual([-30_100n, 0n]);
  });

  it('refuses a self-trade that would fill nothing, and keeps fills made before the own order', () => {
    const ctx = context();
    const own = order('bob', 'sell', 5, 10_000);
    const { outcomes } = runBatch(ctx, [place(own), place(order('bob', 'buy', 1, 10_000))]);
    expect(outcomes[1]).toMatchObject({ ok: false, error: { code: 'SELF_TRADE' } });

    const ctx2 = context();
    const taker = order('bob', 'buy', 5, 10_100);
    runBatch(ctx2, [place(order('alice', 'sell', 2, 10_000)), place(order('bob', 'sell', 3, 10_100)), place(taker)]);
    expect(taker).toMatchObject({ status: 'cancelled', cancelReason: 'self_trade', filledQuantity: 2n, reserved: 0n });
  });

  it('cancels only the owner’s open order and releases its reservation', () => {
    const ctx = context();
    const resting = order('bob', 'buy', 3, 10_000);
    runBatch(ctx, [place(resting)]);
    const other = runBatch(ctx, [{ kind: 'cancel', orderId: resting.id, userId: 'alice' }]);
    expect(other.outcomes[0]).toMatchObject({ ok: false, error: { status: 403 } });
    const own = runBatch(ctx, [{ kind: 'cancel', orderId: resting.id, userId: 'bob' }]);
    expect(own.outcomes[0]).toMatchObject({
      ok: true,
      order: { status: 'cancelled', cancelReason: 'user', reserved: 0n },
    });
    expect(deltas(own.writes)).toEqual({ 'acc-b cash': [0n, -30_000n] });
    expect(runBatch(ctx, [{ kind: 'cancel', orderId: resting.id, userId: 'bob' }]).outcomes[0]).toMatchObject({
      ok: false,
      error: { status: 409 },
    });
  });

  it('replays an idempotent retry in the same batch and refuses a key reused for another order', () => {
    const ctx = context();
    const first = order('bob', 'buy', 1, 10_000, { idempotencyKey: 'k1' });
    const retry = { ...first, id: randomUUID() };
    const different = order('bob', 'buy', 2, 10_000, { idempotencyKey: 'k1' });
    const { outcomes, writes } = runBatch(ctx, [place(first), place(retry), place(different)]);
    expect(outcomes[1]).toMatchObject({ ok: true, replayed: true, order: { id: first.id } });
    expect(outcomes[2]).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(writes.inserted).toHaveLength(1);
  });

  it('refuses FOK and post-only orders the engine refuses, without reserving', () => {
    const ctx = context();
    runBatch(ctx, [place(order('alice', 'sell', 2, 10_000))]);
    const { outcomes, writes } = runBatch(ctx, [
      place(order('bob', 'buy', 3, 10_000, { timeInForce: 'FOK' })),
      place(order('bob', 'buy', 1, 10_000, { postOnly: true })),
    ]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual(['FOK_NOT_FILLABLE', 'POST_ONLY_WOULD_CROSS']);
    expect(writes.ledger.balanceDeltas()).toEqual([]);
  });
});
