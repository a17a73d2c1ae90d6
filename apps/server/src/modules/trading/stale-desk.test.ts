import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentLeases, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { appendToOwnChain, orderChain, readChainHead } from '../audit/own-chain';
import { verifyAuditChain } from '../audit/verify';
import { LeaseLostError } from './remote';
import { issueBond, orderClient } from './test-support';

// A desk dropped when its lease was lost can still hold queued commands. Once this instance
// takes the book back (a new epoch, a new desk read from the database), those commands must be
// fenced and re-routed, never written from the stale book: the fence checks the epoch the desk
// was opened under, not the one held now.
const LEASE_MS = 1_500;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { clusterLeaseMs: LEASE_MS } });
});
afterAll(() => t?.close());

describe.skipIf(!process.env.TEST_DATABASE_URL)('a desk from a lost lease, after the book is taken back', () => {
  it('is fenced: its queued cancel writes nothing and the new desk and lease stay', async () => {
    const issuer = await t.signIn('issuer@meridian.test');
    const bond = await issueBond(t, issuer, 'Stale Desk 4% 2030');
    const client = orderClient(t);
    const sell = { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 5, price: '101.00' };
    const first = await client.place(issuer, sell);
    expect(first.statusCode, first.body).toBe(201);
    const restingId: string = first.json().id;
    const [resting] = await t.db.select().from(orders).where(eq(orders.id, restingId));

    const { books, ownership } = t.app.trading;
    const stale = books.opened(bond)!;
    const lostEpoch = ownership.epochOf(bond);
    expect(stale.epoch).toBe(lostEpoch);

    // Another instance takes the lease (a higher epoch) and lets it lapse at once; this
    // instance's renewal finds it lost and drops the desk (its heartbeat may take the lapsed
    // lease back at once, at a newer epoch still).
    await t.db.execute(sql`update instrument_leases set owner = 'another-instance', epoch = epoch + 1,
      expires_at = now() - interval '1 millisecond' where instrument_id = ${bond}::uuid`);
    await waitFor(`the lease to be found lost (epoch ${lostEpoch})`, () => ownership.epochOf(bond) !== lostEpoch);
    expect(books.opened(bond)).not.toBe(stale);

    // The next order takes the book back at a new epoch and reads a new desk from the database.
    const second = await client.place(issuer, { ...sell, price: '102.00' });
    expect(second.statusCode, second.body).toBe(201);
    await waitFor('the new desk', () => books.opened(bond) !== undefined);
    const fresh = books.opened(bond)!;
    expect(fresh).not.toBe(stale);
    expect(fresh.epoch).toBeGreaterThan(lostEpoch + 1n);
    expect(ownership.epochOf(bond)).toBe(fresh.epoch);

    // A command still queued on the stale desk.
    const late = stale.queue.submit({ kind: 'cancel', orderId: restingId, userId: resting!.userId });
    await expect(late).rejects.toBeInstanceOf(LeaseLostError);

    // Nothing written from the stale book; the new desk and lease are kept.
    const [after] = await t.db.select().from(orders).where(eq(orders.id, restingId));
    expect(after!.status).toBe('open');
    expect(books.opened(bond)).toBe(fresh);
    expect(ownership.epochOf(bond)).toBe(fresh.epoch);
    const [lease] = await t.db.select().from(instrumentLeases).where(eq(instrumentLeases.instrumentId, bond));
    expect(lease!.owner).toBe(ownership.instanceId);
    expect(lease!.epoch).toBe(fresh.epoch);

    // The order is still cancellable through the new desk.
    const cancelled = await client.cancel(issuer, restingId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it("a row another writer put on the book's audit chain drops the desk; the order goes through a new one", async () => {
    const issuer = await t.signIn('issuer@meridian.test');
    const bond = await issueBond(t, issuer, 'Chain Fork 4% 2030');
    const client = orderClient(t);
    const sell = { instrumentId: bond, orderType: 'sell', type: 'limit', quantity: 1, price: '103.00' };
    expect((await client.place(issuer, sell)).statusCode).toBe(201);
    const { books } = t.app.trading;
    const before = books.opened(bond)!;

    // Another writer extends the instrument's chain past the head this desk holds.
    const chain = orderChain(bond);
    const foreign = appendToOwnChain(chain, await readChainHead(t.db, chain), [
      { action: 'order.place', subjectType: 'order', subjectId: bond },
    ]);
    await t.db.execute(sql`with ${foreign.cte!} select 1`);

    const placed = await client.place(issuer, { ...sell, price: '104.00' });
    expect(placed.statusCode, placed.body).toBe(201);
    // Not retried on the head it held: the desk was read again, book and chain head.
    expect(books.opened(bond)).not.toBe(before);
    expect((await readChainHead(t.db, chain)).chainSeq).toBe(foreign.head.chainSeq + 1);
    const audit = await verifyAuditChain(t.db);
    expect(audit.chains.find((c) => c.chain === chain)).toMatchObject({ ok: true });
  });
});
