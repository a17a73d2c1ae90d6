import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { journalEntries, journalLines, ledgerAccounts, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  EXTERNAL_CASH_ACCOUNT,
  checkBalanced,
  distribute,
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

  it('distributes from one balance to many accounts set-based: conserved, all or nothing, short pays nothing', async () => {
    const holders = 500;
    const [payerUser] = await t.db
      .insert(users)
      .values({ name: 'Distribution payer', email: 'distribution-payer@meridian.test', emailVerified: true })
      .returning({ id: users.id });
    const payer = await getOrCreateUserAccount(t.db, payerUser!.id);
    const external = await getOrCreateAccount(t.db, EXTERNAL_CASH_ACCOUNT);
    const accounts = await t.db
      .insert(ledgerAccounts)
      .values(Array.from({ length: holders }, (_, i) => ({ code: `test:distribution:${i}` })))
      .returning({ id: ledgerAccounts.id });
    // Half the recipients already hold EUR (update path), half do not (insert path).
    await t.db.transaction((tx) =>
      post(tx, [
        {
          kind: 'deposit',
          reference: 'test:distribution:funding',
          lines: [
            { accountId: external, assetType: 'cash', asset: 'EUR', amount: -1_000_000n - 250n },
            { accountId: payer, assetType: 'cash', asset: 'EUR', amount: 1_000_000n },
            ...accounts
              .slice(0, 250)
              .map((a) => ({ accountId: a.id, assetType: 'cash' as const, asset: 'EUR', amount: 1n })),
          ],
        },
      ]),
    );
    await reserve(t.db, { accountId: payer, assetType: 'cash', asset: 'EUR' }, 100_000n);
    const ids = sql.join(
      accounts.map((a) => sql`${a.id}::uuid`),
      sql`, `,
    );
    // The i-th recipient by code gets i (the one of 0 and the payer's own row are left out).
    const recipients = sql`select a.id as account_id, (row_number() over (order by a.code))::bigint - 1 as amount
      from ledger_accounts a where a.id in (${ids})
      union all select ${payer}::uuid, 5::bigint`;
    const paid = await t.db.transaction((tx) =>
      distribute(tx, {
        kind: 'servicing',
        reference: 'test:distribution',
        createdAt: new Date(),
        payer: { accountId: payer, assetType: 'cash', asset: 'EUR' },
        recipients,
      }),
    );
    const total = BigInt(((holders - 1) * holders) / 2);
    expect(paid).toMatchObject({ status: 'posted', count: holders - 1, total });
    if (paid.status !== 'posted') return;
    const lines = await t.db.select().from(journalLines).where(eq(journalLines.entryId, paid.entryId!));
    expect(lines).toHaveLength(holders);
    expect(lines.reduce((sum, l) => sum + l.amount, 0n)).toBe(0n);
    expect(await getBalance(t.db, payer, 'cash', 'EUR')).toEqual({ total: 1_000_000n - total, reserved: 100_000n });
    const [held] = await selectRows<{ sum: string }>(
      t.db,
      sql`select sum(total)::text as sum from balances
        where asset_type = 'cash' and asset = 'EUR' and account_id in (${ids})`,
    );
    expect(held!.sum).toBe((total + 250n).toString());

    // More than the payer has available beyond its reservation: short, nothing written.
    const entriesBefore = (await t.db.select().from(journalEntries)).length;
    const short = await t.db.transaction((tx) =>
      distribute(tx, {
        kind: 'servicing',
        reference: 'test:distribution:short',
        createdAt: new Date(),
        payer: { accountId: payer, assetType: 'cash', asset: 'EUR' },
        recipients: sql`select a.id as account_id, 10000::bigint as amount from ledger_accounts a where a.id in (${ids})`,
      }),
    );
    expect(short).toEqual({
      status: 'short',
      count: holders,
      total: 5_000_000n,
      available: 1_000_000n - total - 100_000n,
    });
    expect((await t.db.select().from(journalEntries)).length).toBe(entriesBefore);
    expect(await getBalance(t.db, payer, 'cash', 'EUR')).toEqual({ total: 1_000_000n - total, reserved: 100_000n });
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
