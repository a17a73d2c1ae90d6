import { addMonths } from '@meridian/schemas';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Tx } from '../db/client';
import { instruments, servicingEvents, settlements, trades, users } from '../db/schema';
import { recordAudit } from '../modules/audit/record';
import { getOrCreateUserAccount } from '../modules/ledger';
import { materialiseSchedules, runDueEvents } from '../modules/servicing/service';
import { tradeDate } from '../modules/settlement/calendar';
import { processDueSettlements } from '../modules/settlement/service';
import { holdings, issueBond, orderClient } from '../modules/trading/test-support';
import { createTestApp, TEST_ORIGIN, type TestApp } from './harness';
import { expectLedgerInvariants } from './ledger-invariants';

// Issue 17: settlement DvP, FX conversions and servicing payments lock balance rows (and, for
// the first two, then the audit chain) in their own order; an order batch or a custody move may
// take the same locks the other way round. PostgreSQL breaks such a cycle by aborting one side,
// which must be run again, not answered as a 500 or left unpaid. Each case makes the other side
// by hand so that the cycle happens every time: the operation takes its first lock, waits for a
// lock this test holds, and the test then asks for the operation's first lock. The operation
// waited first, so its deadlock check fires first and it is the one aborted; that the test's
// transaction gets the lock at all proves the operation's attempt was rolled back. Needs a
// server database (two connections at once): runs in the PostgreSQL pass.
// Checked to fail without the retry (2026-11-24, retryingTransaction cut to one attempt): the
// settlement and coupon cases throw PostgresError 40P01 "deadlock detected", the FX case answers
// 500 INTERNAL_ERROR, and so does custody/deadlock.test.ts; all pass again with the retry.

let t: TestApp;
const cookies: Record<string, string> = {};
const today = tradeDate(new Date());

async function userAccount(email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return getOrCreateUserAccount(t.db, user!.id);
}

const lockCash = (tx: Tx, account: string, currency = 'USD') =>
  tx.execute(
    sql`select total from balances where account_id = ${account}::uuid and asset_type = 'cash' and asset = ${currency} for update`,
  );

/** Waits until another backend waits for a lock (advisory, row or transaction) held by `pid`. */
async function waitForWaiterOn(pid: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const rows = await selectRows(
      t.db,
      sql`select 1 from pg_locks where not granted and ${pid}::int = any(pg_blocking_pids(pid))`,
    );
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the operation never waited for the lock this test holds');
}

async function backendPid(tx: Tx): Promise<number> {
  const [row] = await selectRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
  return row!.pid;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('writes caught in a deadlock are run again', () => {
  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['issuer', 'investor', 'investor2']) cookies[who] = await t.signIn(`${who}@meridian.test`);
  });
  afterAll(() => t?.close());

  it('a T+2 settlement settles once after its DvP was aborted as a deadlock victim', async () => {
    const bond = await issueBond(t, cookies.issuer!, 'Deadlock Settlement 3% Bond');
    await t.db.update(instruments).set({ settlementCycle: 2 }).where(eq(instruments.id, bond));
    const api = orderClient(t);
    const order = { instrumentId: bond, type: 'limit', quantity: 10, price: '100.00' };
    expect((await api.place(cookies.issuer!, { ...order, orderType: 'sell' })).statusCode).toBe(201);
    expect((await api.place(cookies.investor!, { ...order, orderType: 'buy' })).statusCode).toBe(201);
    // Whatever else is due settles first, so the run below settles only this trade.
    await processDueSettlements(t.db, today, new Date());
    const [trade] = await t.db.select({ id: trades.id }).from(trades).where(eq(trades.instrumentId, bond));
    await t.db.update(settlements).set({ settleOn: today }).where(eq(settlements.tradeId, trade!.id));
    const buyer = await userAccount('investor@meridian.test');
    const before = await holdings(t, 'investor@meridian.test', bond);

    let run: ReturnType<typeof processDueSettlements> | undefined;
    await t.db.transaction(async (tx) => {
      // Hold the main audit chain, as any other audited change may (order batches chain apart: decision 0072).
      await recordAudit(tx, { action: 'test.deadlock.hold' });
      run = processDueSettlements(t.db, today, new Date());
      // The DvP has written the buyer's cash and now waits for the chain...
      await waitForWaiterOn(await backendPid(tx));
      // ...and this side asks for the buyer's balance row: a cycle, the DvP is aborted.
      await lockCash(tx, buyer);
    });

    const result = await run!;
    expect(result).toMatchObject({ completed: 1, failed: 0 });
    const [row] = await t.db
      .select({ status: settlements.status, attempts: settlements.attempts })
      .from(settlements)
      .where(eq(settlements.tradeId, trade!.id));
    expect(row).toEqual({ status: 'completed', attempts: 1 });
    // Delivered and paid once: 10 units in, 1,000.00 out of the buyer's cash, the reservation gone.
    const after = await holdings(t, 'investor@meridian.test', bond);
    expect(after.units.total - before.units.total).toBe(10n);
    expect(before.cash.total - after.cash.total).toBe(100_000n);
    expect(before.cash.reserved - after.cash.reserved).toBe(100_000n);
    await expectLedgerInvariants(t.db);
  }, 120_000);

  it('an FX conversion is booked once instead of answering 500', async () => {
    const account = await userAccount('investor2@meridian.test');
    const conversions = () =>
      selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_events where action = 'fx.conversion'`);
    const [before] = await conversions();
    let answer: Promise<{ statusCode: number; body: string }> | undefined;
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, { action: 'test.deadlock.hold' });
      answer = t.app.inject({
        method: 'POST',
        url: '/api/fx/conversions',
        headers: { cookie: cookies.investor2!, origin: TEST_ORIGIN },
        payload: { from: 'USD', to: 'EUR', amount: '10.00' },
      });
      await waitForWaiterOn(await backendPid(tx));
      await lockCash(tx, account);
    });
    const res = await answer!;
    expect(res.statusCode, res.body).toBe(201);
    const [after] = await conversions();
    expect(after!.n - before!.n).toBe(1);
    await expectLedgerInvariants(t.db);
  }, 120_000);

  it('a coupon is paid once after its payment was aborted as a deadlock victim', async () => {
    const bond = await issueBond(t, cookies.issuer!, 'Deadlock Servicing 4% Bond');
    const api = orderClient(t);
    const order = { instrumentId: bond, type: 'limit', quantity: 100, price: '100.00' };
    expect((await api.place(cookies.issuer!, { ...order, orderType: 'sell' })).statusCode).toBe(201);
    expect((await api.place(cookies.investor2!, { ...order, orderType: 'buy' })).statusCode).toBe(201);
    await materialiseSchedules(t.db);
    // Only this bond's events are serviced here (the seeded instruments' are not this test's).
    await t.db
      .update(servicingEvents)
      .set({ status: 'failed', reason: 'not serviced in this test' })
      .where(and(ne(servicingEvents.instrumentId, bond), eq(servicingEvents.status, 'scheduled')));
    const issuer = await userAccount('issuer@meridian.test');
    const holder = await userAccount('investor2@meridian.test');
    const cashBefore = (await holdings(t, 'investor2@meridian.test', bond)).cash.total;
    const firstCoupon = new Date(`${addMonths(today, 12)}T12:00:00Z`);

    let run: ReturnType<typeof runDueEvents> | undefined;
    await t.db.transaction(async (tx) => {
      // Hold the holder's cash row, as an order batch paying from it may...
      await lockCash(tx, holder);
      run = runDueEvents(t.db, firstCoupon);
      // ...the payment has locked the issuer's cash and waits for the holder's row...
      await waitForWaiterOn(await backendPid(tx));
      // ...and this side asks for the issuer's: a cycle, the payment is aborted.
      await lockCash(tx, issuer);
    });

    const outcomes = (await run!).filter((o) => o.instrumentId === bond);
    expect(outcomes).toMatchObject([{ status: 'paid' }]);
    const paid = await t.db
      .select({ status: servicingEvents.status, journalEntryId: servicingEvents.journalEntryId })
      .from(servicingEvents)
      .where(and(eq(servicingEvents.instrumentId, bond), eq(servicingEvents.status, 'paid')));
    expect(paid).toHaveLength(1);
    // 40,000.00 coupon x 100 of 10,000 units, credited once.
    expect((await holdings(t, 'investor2@meridian.test', bond)).cash.total - cashBefore).toBe(40_000n);
    await expectLedgerInvariants(t.db);
  }, 120_000);
});
