import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import type { OrderState } from './desk';
import { balancesToRefresh } from './funds-precheck';
import { countersignedCustodyMove, issueBond, orderClient } from './test-support';

const order = (over: Partial<OrderState>): OrderState => ({
  id: 'o',
  userId: 'u',
  instrumentId: 'i',
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: 100n,
  quantity: 1n,
  filledQuantity: 0n,
  filledValue: 0n,
  status: 'open',
  cancelReason: null,
  reserved: 0n,
  idempotencyKey: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

describe('balances a batch re-reads before matching', () => {
  const cash = { accountId: 'a', assetType: 'cash' as const, asset: 'USD' };
  const units = { accountId: 'a', assetType: 'units' as const, asset: 'i' };
  const keyOf = (o: OrderState) => (o.side === 'buy' ? cash : units);

  it('keeps last-known figures that cover every order of the batch', () => {
    const known = () => 1_000n;
    expect(balancesToRefresh([order({ quantity: 5n }), order({ side: 'sell', quantity: 10n })], keyOf, known)).toEqual(
      [],
    );
  });

  it('re-reads a balance once the orders on it together need more than last known', () => {
    const known = (k: { assetType: string }) => (k.assetType === 'cash' ? 250n : 1_000n);
    const batch = [order({ quantity: 2n }), order({ quantity: 1n }), order({ side: 'sell', quantity: 3n })];
    expect(balancesToRefresh(batch, keyOf, known)).toEqual([cash]);
  });

  it('always re-reads what a market buy pays from, and never what is unknown (read anyway)', () => {
    expect(balancesToRefresh([order({ type: 'market', price: null })], keyOf, () => 10n ** 12n)).toEqual([cash]);
    expect(balancesToRefresh([order({ quantity: 10n ** 6n })], keyOf, () => undefined)).toEqual([]);
  });
});

describe('an order the cached balance would refuse', () => {
  it('is decided on a fresh read, without rebuilding the book from the database', async () => {
    const t = await createTestApp();
    try {
      const api = orderClient(t);
      const [issuer, investor, custodian, custodian2] = await Promise.all(
        ['issuer', 'investor', 'custodian', 'custodian2'].map((u) => t.signIn(`${u}@meridian.test`)),
      );
      const bond = await issueBond(t, issuer!, 'Precheck 2% 2030');
      const limit = (orderType: 'buy' | 'sell', quantity: number, price: string) => ({
        instrumentId: bond,
        orderType,
        type: 'limit',
        quantity,
        price,
      });
      expect((await api.place(issuer!, limit('sell', 5, '100.00'))).statusCode).toBe(201);
      // The desk learns the investor's cash from this order; then far more cash arrives behind it.
      expect((await api.place(investor!, limit('buy', 1, '1.00'))).statusCode).toBe(201);
      // Over the single-signature limit: a second custodian signs it.
      const big = await countersignedCustodyMove(t, custodian!, custodian2!, 'deposits', {
        email: 'investor@meridian.test',
        currency: 'USD',
        amount: '10000000.00',
      });
      expect(big).toBe(201);
      const rebuilds = t.app.trading.books.rebuilds;
      const res = await api.place(investor!, limit('buy', 50_000, '99.00'));
      expect(res.statusCode).toBe(201);
      expect(t.app.trading.books.rebuilds).toBe(rebuilds);
    } finally {
      await t.close();
    }
    // It builds its own app (migrations, seed) and signs four users in: minutes on a loaded machine.
  }, 180_000);
});
