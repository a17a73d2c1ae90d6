import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { recordAudit } from '../audit/record';
import { getOrCreateUserAccount } from '../ledger';

// Found by the kill -9 cluster test (issue 17): a custody move locks the holder's balance row,
// then the audit chain; an order batch's single statement may take them the other way round.
// PostgreSQL breaks the deadlock by aborting one side, which must not reach the client as a
// 500. Here the other side is made by hand, so the deadlock happens every time. Needs a server
// database (two connections at once): runs in the PostgreSQL pass.

const HOLDER = 'investor2@meridian.test';
let t: TestApp;
let custodian: string;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a custody move caught in a deadlock', () => {
  beforeAll(async () => {
    t = await createTestApp();
    custodian = await t.signIn('custodian@meridian.test');
  });
  afterAll(() => t?.close());

  it('is retried and books once instead of answering 500', async () => {
    const [holder] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, HOLDER));
    const account = await getOrCreateUserAccount(t.db, holder!.id);
    const entriesBefore = await depositsOf(holder!.id);
    let deposit: Promise<{ statusCode: number; json(): { entryId: string } }> | undefined;

    await t.db.transaction(async (tx) => {
      // Hold the audit chain, as an order batch's statement may.
      await recordAudit(tx, { action: 'test.deadlock.hold' });
      deposit = t.app.inject({
        method: 'POST',
        url: '/api/custody/deposits',
        headers: { cookie: custodian, origin: TEST_ORIGIN, 'idempotency-key': 'deadlock-1' },
        payload: { email: HOLDER, currency: 'USD', amount: '12.34' },
      });
      // The deposit has written the holder's balance and now waits for the chain...
      await waitForAdvisoryWaiter();
      // ...and this side asks for the holder's balance row: a cycle, one side is aborted.
      await tx.execute(
        sql`select total from balances where account_id = ${account}::uuid and asset_type = 'cash' and asset = 'USD' for update`,
      );
    });

    const answer = await deposit!;
    expect(answer.statusCode).toBe(201);
    const entriesAfter = await depositsOf(holder!.id);
    expect(entriesAfter - entriesBefore).toBe(1);
    await expectLedgerInvariants(t.db);
  }, 60_000);
});

async function waitForAdvisoryWaiter(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const rows = await selectRows(
      t.db,
      sql`select 1 from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
    );
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the deposit never waited for the audit chain');
}

async function depositsOf(userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from custody_moves m join journal_lines l on l.entry_id = m.entry_id
      join ledger_accounts a on a.id = l.account_id where a.user_id = ${userId}::uuid and m.direction = 'deposit'`,
  );
  return row!.n;
}
