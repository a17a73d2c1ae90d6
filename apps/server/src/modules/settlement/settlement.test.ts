import { toMinorUnits } from '@meridian/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments, jobs, settlements, trades, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { JobQueue, ManualClock } from '../jobs';
import { findUserAccounts } from '../ledger';
import { holdings, issueBond, orderClient } from '../trading/test-support';
import { addBusinessDays, tradeDate } from './calendar';
import { ensureScheduled, registerSettlementRun, SETTLEMENT_RUN_JOB } from './schedule';
import { processDueSettlements, recoverInterrupted } from './service';

let t: TestApp;
let issuer: string;
let investor: string;
let api: ReturnType<typeof orderClient>;
const today = tradeDate(new Date());
const settleDay = addBusinessDays(today, 2);
const at = (date: string) => new Date(`${date}T16:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  issuer = await t.signIn('issuer@meridian.test');
  investor = await t.signIn('investor@meridian.test');
});
afterAll(() => t.close());

/** A bond settling T+2 (set before its first order opens the desk). */
async function tPlus2Bond(name: string): Promise<string> {
  const id = await issueBond(t, issuer, name);
  await t.db.update(instruments).set({ settlementCycle: 2 }).where(eq(instruments.id, id));
  return id;
}

async function trade(instrumentId: string, quantity: number, price = '100.00') {
  const sell = await api.place(issuer, { instrumentId, orderType: 'sell', type: 'limit', quantity, price });
  expect(sell.statusCode).toBe(201);
  const buy = await api.place(investor, { instrumentId, orderType: 'buy', type: 'limit', quantity, price });
  expect(buy.statusCode).toBe(201);
  expect(buy.json().status).toBe('filled');
}

async function issuerAccount(): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'issuer@meridian.test'));
  return (await findUserAccounts(t.db, [user!.id])).get(user!.id)!;
}

async function settlementOf(instrumentId: string) {
  const rows = await t.db
    .select({ s: settlements })
    .from(settlements)
    .innerJoin(trades, eq(trades.id, settlements.tradeId))
    .where(eq(trades.instrumentId, instrumentId));
  return rows.map((r) => r.s);
}

describe('addBusinessDays', () => {
  it.each([
    ['2026-01-05', 0, '2026-01-05'], // Monday T+0
    ['2026-01-05', 2, '2026-01-07'],
    ['2026-01-08', 2, '2026-01-12'], // Thursday T+2 skips the weekend
    ['2026-01-09', 1, '2026-01-12'], // Friday T+1
    ['2026-01-10', 1, '2026-01-12'], // a Saturday trade settles Monday
  ])('%s + %i business days = %s', (date, days, expected) => {
    expect(addBusinessDays(date, days)).toBe(expected);
  });
});

describe('T+N settlement', () => {
  it('a T+0 instrument still settles in the trade transaction', async () => {
    const bond = await issueBond(t, issuer, 'Settlement T0 Bond');
    await trade(bond, 10);
    const [s] = await settlementOf(bond);
    expect(s).toMatchObject({ status: 'completed', settleOn: today });
    expect(s!.journalEntryId).not.toBeNull();
    await expectLedgerInvariants(t.db);
  });

  it('a T+2 trade reserves both legs at execution and settles DvP on the second business day, once', async () => {
    const bond = await tPlus2Bond('Settlement T2 Bond');
    const before = await holdings(t, 'investor@meridian.test', bond);
    await trade(bond, 100);

    const [pending] = await settlementOf(bond);
    expect(pending).toMatchObject({ status: 'pending', settleOn: settleDay, journalEntryId: null });
    // Nothing delivered yet; the buyer's cash and the seller's units are held for the settlement.
    const mid = await holdings(t, 'investor@meridian.test', bond);
    expect(mid.cash.total).toBe(before.cash.total);
    expect(mid.cash.reserved - before.cash.reserved).toBe(toMinorUnits('10000.00'));
    expect(mid.units.total).toBe(0n);
    expect((await holdings(t, 'issuer@meridian.test', bond)).units.reserved).toBe(100n);
    await expectLedgerInvariants(t.db);

    // The reserved units cannot be sold twice before settlement.
    const again = await api.place(issuer, {
      instrumentId: bond,
      orderType: 'sell',
      type: 'limit',
      quantity: 9_901,
      price: '100.00',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('INSUFFICIENT_UNITS');

    const early = await processDueSettlements(t.db, addBusinessDays(today, 1), at(addBusinessDays(today, 1)));
    expect(early.notDue).toBeGreaterThanOrEqual(1);
    expect((await settlementOf(bond))[0]!.status).toBe('pending');

    const due = await processDueSettlements(t.db, settleDay, at(settleDay));
    expect(due.completed).toBeGreaterThanOrEqual(1);
    const [done] = await settlementOf(bond);
    expect(done).toMatchObject({ status: 'completed', attempts: 1, failureReason: null });
    expect(done!.settledAt?.toISOString()).toBe(at(settleDay).toISOString());
    const after = await holdings(t, 'investor@meridian.test', bond);
    expect(after.units.total).toBe(100n);
    expect(before.cash.total - after.cash.total).toBe(toMinorUnits('10000.00'));
    expect(after.cash.reserved).toBe(before.cash.reserved);

    // Run again (a second process, a retry): nothing moves twice.
    const twice = await processDueSettlements(t.db, settleDay, at(settleDay));
    expect(twice.completed).toBe(0);
    await expectLedgerInvariants(t.db);
  });

  it('a fail records the missing leg, keeps the reservation and is retried on the next business day', async () => {
    const bond = await tPlus2Bond('Settlement Fail Bond');
    await trade(bond, 50);
    const [s] = await settlementOf(bond);
    // Fault injection: the seller's units reservation disappears (an operator correction gone wrong).
    const seller = await issuerAccount();
    const unitsOf = sql`asset_type = 'units' and asset = ${bond} and account_id = ${seller}`;
    await t.db.execute(sql`update balances set reserved = reserved - 50 where ${unitsOf}`);

    const run = await processDueSettlements(t.db, settleDay, at(settleDay));
    expect(run.failed).toBe(1);
    const [failed] = await settlementOf(bond);
    expect(failed).toMatchObject({ id: s!.id, status: 'failed', attempts: 1, settleOn: addBusinessDays(settleDay, 1) });
    expect(failed!.failureReason).toBe("Seller's units leg missing: 50 units to deliver, 0 held");

    // Repaired; a second run the same day does not retry, the next business day's does.
    await t.db.execute(sql`update balances set reserved = reserved + 50 where ${unitsOf}`);
    expect((await processDueSettlements(t.db, settleDay, at(settleDay))).completed).toBe(0);
    const nextDay = addBusinessDays(settleDay, 1);
    expect((await processDueSettlements(t.db, nextDay, at(nextDay))).completed).toBe(1);
    expect((await settlementOf(bond))[0]).toMatchObject({ status: 'completed', attempts: 2, failureReason: null });
    await expectLedgerInvariants(t.db);
  });

  it('after a crash mid-batch every settlement is pending again and settles exactly once', async () => {
    const bond = await tPlus2Bond('Settlement Crash Bond');
    await trade(bond, 10);
    await trade(bond, 20);
    // A run marked the batch processing and died before settling it.
    await t.db.update(settlements).set({ status: 'processing' }).where(eq(settlements.status, 'pending'));
    expect(await recoverInterrupted(t.db)).toBeGreaterThanOrEqual(2);
    expect((await settlementOf(bond)).map((s) => s.status)).toEqual(['pending', 'pending']);
    await expectLedgerInvariants(t.db);

    // Two runs at once (two processes): each settlement is claimed by one of them.
    const [a, b] = await Promise.all([
      processDueSettlements(t.db, settleDay, at(settleDay)),
      processDueSettlements(t.db, settleDay, at(settleDay)),
    ]);
    expect(a.completed + b.completed).toBe(2);
    expect((await settlementOf(bond)).map((s) => s.status)).toEqual(['completed', 'completed']);
    await expectLedgerInvariants(t.db);
  });

  it('the daily run is one durable job per business day that catches up and schedules the next', async () => {
    const bond = await tPlus2Bond('Settlement Job Bond');
    await trade(bond, 5);
    const clock = new ManualClock(at(settleDay));
    const queue = new JobQueue(t.db, { clock });
    registerSettlementRun(queue, t.db, '16:00');
    await ensureScheduled(queue, t.db, clock.now(), '16:00');
    await ensureScheduled(queue, t.db, clock.now(), '16:00'); // a second process, or a restart
    expect(await queue.drain()).toBe(1);
    expect((await settlementOf(bond))[0]!.status).toBe('completed');
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, SETTLEMENT_RUN_JOB));
    expect(runs.map((j) => [j.dedupeKey, j.status]).sort()).toEqual([
      [`${SETTLEMENT_RUN_JOB}:${settleDay}`, 'completed'],
      [`${SETTLEMENT_RUN_JOB}:${addBusinessDays(settleDay, 1)}`, 'pending'],
    ]);
    await expectLedgerInvariants(t.db);
  });
});
