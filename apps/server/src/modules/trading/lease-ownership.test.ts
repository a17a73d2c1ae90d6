import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentLeases } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { LeaseOwnership } from './lease-ownership';
import { issueBond, orderClient } from './test-support';

// The heartbeat runs on the renewal's answer, and the scan for books without a lease row runs on
// one member only (decision 0090): orphaned books are still taken over.
const LEASE_MS = 600;

let t: TestApp;
const members: LeaseOwnership[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { clusterLeaseMs: LEASE_MS } });
});
afterAll(async () => {
  await Promise.all(members.map((m) => m.stop()));
  await t?.close();
});

async function leaseOf(instrumentId: string) {
  const [lease] = await t.db.select().from(instrumentLeases).where(eq(instrumentLeases.instrumentId, instrumentId));
  return lease;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('lease ownership heartbeat', () => {
  it("takes over a dead owner's expired lease, and a book with open orders but no lease row", async () => {
    const issuer = await t.signIn('issuer@meridian.test');
    const bonds: string[] = [];
    for (let k = 0; k < 3; k++) {
      const bond = await issueBond(t, issuer, `Lease Heartbeat ${k + 1} 4% 2031`);
      const placed = await orderClient(t).place(issuer, {
        instrumentId: bond,
        orderType: 'sell',
        type: 'limit',
        quantity: 1,
        price: '100.00',
      });
      expect(placed.statusCode, placed.body).toBe(201);
      bonds.push(bond);
    }
    // Two more members beside the app's own (names sort first: one of them scans for unleased books).
    const acquired: string[] = [];
    const hooks = { acquired: (id: string) => void acquired.push(id), lost: () => {}, drain: async () => {} };
    for (const name of ['a', 'b']) {
      const member = new LeaseOwnership(t.db, { leaseMs: LEASE_MS, name });
      members.push(member);
      await member.start(hooks);
    }
    const ids = new Set([t.app.trading.ownership.instanceId, ...members.map((m) => m.instanceId)]);

    // A dead owner's lease runs out: a live member takes it at the next epoch.
    await t.db.execute(sql`update instrument_leases set owner = 'dead-owner', epoch = 9,
      expires_at = now() + interval '200 milliseconds' where instrument_id = ${bonds[0]!}::uuid`);
    const taken = await waitFor(
      () => leaseOf(bonds[0]!),
      (l) => l?.owner !== 'dead-owner',
      3_000,
    );
    expect(ids.has(taken!.owner)).toBe(true);
    expect(taken!.epoch).toBe(10n);

    // No lease row at all for books with open orders (every member's renewal loses them): the
    // scanning member takes each, whichever member is preferred for it.
    await t.db.execute(
      sql`delete from instrument_leases where instrument_id in (${sql.join(
        bonds.slice(1).map((b) => sql`${b}::uuid`),
        sql`, `,
      )})`,
    );
    for (const bond of bonds.slice(1)) {
      const lease = await waitFor(
        () => leaseOf(bond),
        (l) => l !== undefined,
        4_000,
      );
      expect(lease && ids.has(lease.owner), `book ${bond} taken over`).toBe(true);
    }
  });
});
