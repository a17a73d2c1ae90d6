import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentLeases } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
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
    const taken = await waitFor("a live member to take the dead owner's lease", () => leaseOf(bonds[0]!), {
      until: (l) => l?.owner !== 'dead-owner',
      timeoutMs: 3_000,
    });
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
      const lease = await waitFor(`a lease row for book ${bond}`, () => leaseOf(bond), { timeoutMs: 4_000 });
      expect(lease && ids.has(lease.owner), `book ${bond} taken over`).toBe(true);
    }
  });

  it('moves the book of an owner found off the bus once, to the member preferred without it (decision 0096)', async () => {
    const issuer = await t.signIn('issuer@meridian.test');
    const bond = await issueBond(t, issuer, 'Lease Eviction 4% 2031');
    const hooks = { acquired: () => {}, lost: () => {}, drain: async () => {} };
    const own: LeaseOwnership[] = [];
    for (const name of ['c', 'd']) {
      const member = new LeaseOwnership(t.db, { leaseMs: LEASE_MS, name });
      members.push(member);
      own.push(member);
      await member.start(hooks);
    }
    // A killed owner's lease: live for a minute more, nobody renews it, nobody answers for it.
    await t.db.execute(sql`insert into instrument_leases (instrument_id, owner, epoch, expires_at, acquired_at)
      values (${bond}::uuid, 'killed-owner', 20, now() + interval '1 minute', now())
      on conflict (instrument_id) do update set owner = 'killed-owner', epoch = 20,
        expires_at = now() + interval '1 minute'`);
    // Every member sees every other (a few renewals), so they agree on who is preferred.
    await new Promise((r) => setTimeout(r, LEASE_MS));
    // The member that meets "no responders" first is not the one the book settles on.
    const evictor = own.find((m) => m.preferred(bond) !== m.instanceId);
    expect(evictor, 'c or d is not preferred for the book').toBeDefined();
    const preferred = evictor!.preferred(bond);

    expect(await evictor!.evict(bond, 'killed-owner')).toBe('released');
    const moved = await waitFor('the released lease to reach the preferred member', () => leaseOf(bond), {
      until: (l) => l?.owner === preferred,
      timeoutMs: 3_000,
    });
    expect(moved!.epoch).toBe(21n);
    // Several beats later it is still there at the same epoch: one take-over, not two (before,
    // the evictor took it and rebalancing handed it on: epoch 22, the book read twice).
    await new Promise((r) => setTimeout(r, LEASE_MS * 2));
    const settled = await leaseOf(bond);
    expect([settled!.owner, settled!.epoch]).toEqual([preferred, 21n]);
  });
});
