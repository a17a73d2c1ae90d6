import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, journalLines, ledgerAccounts, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  EXTERNAL_CASH_ACCOUNT,
  checkBalanced,
  getBalance,
  getOrCreateAccount,
  getOrCreateUserAccount,
  post,
  release,
  reserve,
  settle,
} from '.';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@meridian.test'));
  userId = user!.id;
});
afterAll(() => t.close());

describe('ledger', () => {
  it('creates each account once', async () => {
    const first = await getOrCreateUserAccount(t.db, userId);
    expect(await getOrCreateUserAccount(t.db, userId)).toBe(first);
  });

  it('posts a balanced deposit and maintains balances', async () => {
    // Other seed steps may have funded the demo investor: measure changes, not levels.
    const before = await getBalance(t.db, await getOrCreateUserAccount(t.db, userId), 'cash', 'USD');
    const externalBefore = await getBalance(t.db, await getOrCreateAccount(t.db, EXTERNAL_CASH_ACCOUNT), 'cash', 'USD');
    const entryId = await t.db.transaction(async (tx) => {
      const user = await getOrCreateUserAccount(tx, userId);
      const external = await getOrCreateAccount(tx, EXTERNAL_CASH_ACCOUNT);
      const [id] = await post(tx, [
        {
          kind: 'deposit',
          reference: 'test:deposit',
          lines: [
            { accountId: user, assetType: 'cash', asset: 'USD', amount: 10_000n },
            { accountId: external, assetType: 'cash', asset: 'USD', amount: -10_000n },
          ],
        },
      ]);
      return id!;
    });
    const lines = await t.db.select().from(journalLines).where(eq(journalLines.entryId, entryId));
    expect(lines).toHaveLength(2);
    const account = await getOrCreateUserAccount(t.db, userId);
    expect(await getBalance(t.db, account, 'cash', 'USD')).toEqual({
      total: before.total + 10_000n,
      reserved: before.reserved,
    });
    const external = await getOrCreateAccount(t.db, EXTERNAL_CASH_ACCOUNT);
    expect((await getBalance(t.db, external, 'cash', 'USD')).total).toBe(externalBefore.total - 10_000n);
  });

  it('refuses lines that do not net to zero per asset', () => {
    expect(() =>
      checkBalanced([
        { accountId: 'a', assetType: 'cash', asset: 'USD', amount: 5n },
        { accountId: 'b', assetType: 'cash', asset: 'EUR', amount: -5n },
      ]),
    ).toThrow(/do not net to zero/);
  });

  it('refuses to overdraw a user account and rolls the whole entry back', async () => {
    const account = await getOrCreateUserAccount(t.db, userId);
    const external = await getOrCreateAccount(t.db, EXTERNAL_CASH_ACCOUNT);
    const { total } = await getBalance(t.db, account, 'cash', 'USD');
    const overdraft = total + 1n;
    await expect(
      t.db.transaction((tx) =>
        post(tx, [
          {
            kind: 'withdraw',
            reference: 'test:overdraw',
            lines: [
              { accountId: account, assetType: 'cash', asset: 'USD', amount: -overdraft },
              { accountId: external, assetType: 'cash', asset: 'USD', amount: overdraft },
            ],
          },
        ]),
      ),
    ).rejects.toMatchObject({ status: 422, code: 'INSUFFICIENT_BALANCE' });
    expect((await getBalance(t.db, account, 'cash', 'USD')).total).toBe(total);
  });

  it('posts one entry of thousands of lines (a coupon to many holders) in one statement', async () => {
    const holders = 2_000;
    const payer = await getOrCreateAccount(t.db, 'test:coupon-payer');
    const accounts = await t.db
      .insert(ledgerAccounts)
      .values(Array.from({ length: holders }, (_, i) => ({ code: `test:holder:${i}` })))
      .returning({ id: ledgerAccounts.id });
    const [entryId] = await t.db.transaction((tx) =>
      post(tx, [
        {
          kind: 'deposit',
          reference: 'test:coupon',
          lines: [
            { accountId: payer, assetType: 'cash', asset: 'JPY', amount: -BigInt(holders) * 7n },
            ...accounts.map((a) => ({ accountId: a.id, assetType: 'cash' as const, asset: 'JPY', amount: 7n })),
          ],
        },
      ]),
    );
    const lines = await t.db.select().from(journalLines).where(eq(journalLines.entryId, entryId!));
    expect(lines).toHaveLength(holders + 1);
    expect((await getBalance(t.db, accounts[holders - 1]!.id, 'cash', 'JPY')).total).toBe(7n);
    expect((await getBalance(t.db, payer, 'cash', 'JPY')).total).toBe(-BigInt(holders) * 7n);
  });

  it('reserves within what is available, settles DvP against reservations, and refuses beyond', async () => {
    const [seller, buyer] = await Promise.all(
      ['investor2@meridian.test', 'issuer@meridian.test'].map(async (email) => {
        const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        return getOrCreateUserAccount(t.db, u!.id);
      }),
    );
    // XTS: the ISO 4217 code reserved for tests, so no seeded balance interferes.
    const instrument = 'test-instrument';
    const issuance = await getOrCreateAccount(t.db, 'test:issuance');
    const external = await getOrCreateAccount(t.db, EXTERNAL_CASH_ACCOUNT);
    await post(t.db, [
      {
        kind: 'issue',
        reference: 'test:units',
        lines: [
          { accountId: seller!, assetType: 'units', asset: instrument, amount: 10n },
          { accountId: issuance, assetType: 'units', asset: instrument, amount: -10n },
        ],
      },
      {
        kind: 'deposit',
        reference: 'test:cash',
        lines: [
          { accountId: buyer!, assetType: 'cash', asset: 'XTS', amount: 1_000n },
          { accountId: external, assetType: 'cash', asset: 'XTS', amount: -1_000n },
        ],
      },
    ]);
    await expect(reserve(t.db, { accountId: buyer!, assetType: 'cash', asset: 'XTS' }, 1_001n)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    await reserve(t.db, { accountId: buyer!, assetType: 'cash', asset: 'XTS' }, 900n);
    await reserve(t.db, { accountId: seller!, assetType: 'units', asset: instrument }, 4n);
    const trade = {
      tradeId: 'test-trade',
      buyerAccountId: buyer!,
      sellerAccountId: seller!,
      instrumentId: instrument,
      currency: 'XTS',
      price: 200n,
      quantity: 4n,
    };
    const [entryId] = await settle(t.db, [trade]);
    const [entry] = await t.db.select().from(journalEntries).where(eq(journalEntries.id, entryId!));
    expect(entry).toMatchObject({ kind: 'trade', reference: 'trade:test-trade' });
    expect(await getBalance(t.db, buyer!, 'cash', 'XTS')).toEqual({ total: 200n, reserved: 100n });
    expect(await getBalance(t.db, buyer!, 'units', instrument)).toEqual({ total: 4n, reserved: 0n });
    expect(await getBalance(t.db, seller!, 'cash', 'XTS')).toEqual({ total: 800n, reserved: 0n });
    expect(await getBalance(t.db, seller!, 'units', instrument)).toEqual({ total: 6n, reserved: 0n });
    // Nothing reserved is left to deliver: the whole settlement is refused and nothing moves.
    await expect(settle(t.db, [{ ...trade, tradeId: 'test-trade-2', price: 1n, quantity: 1n }])).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await getBalance(t.db, buyer!, 'cash', 'XTS')).toEqual({ total: 200n, reserved: 100n });
    await release(t.db, { accountId: buyer!, assetType: 'cash', asset: 'XTS' }, 100n);
    expect(await getBalance(t.db, buyer!, 'cash', 'XTS')).toEqual({ total: 200n, reserved: 0n });
  });
});
