import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalLines, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  EXTERNAL_CASH_ACCOUNT,
  checkBalanced,
  getBalance,
  getOrCreateAccount,
  getOrCreateUserAccount,
  postJournal,
} from './service';

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
      return postJournal(tx, {
        kind: 'deposit',
        reference: 'test:deposit',
        lines: [
          { accountId: user, assetType: 'cash', asset: 'USD', amount: 10_000n },
          { accountId: external, assetType: 'cash', asset: 'USD', amount: -10_000n },
        ],
      });
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
        postJournal(tx, {
          kind: 'withdraw',
          reference: 'test:overdraw',
          lines: [
            { accountId: account, assetType: 'cash', asset: 'USD', amount: -overdraft },
            { accountId: external, assetType: 'cash', asset: 'USD', amount: overdraft },
          ],
        }),
      ),
    ).rejects.toMatchObject({ status: 422, code: 'INSUFFICIENT_BALANCE' });
    expect((await getBalance(t.db, account, 'cash', 'USD')).total).toBe(total);
  });
});
