import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentLeases } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { issueBond, orderClient } from './test-support';

// One instance on PostgreSQL without NATS, restarted right after a kill -9: the dead process's
// member row still looks live and its lease still runs for up to a lease. Orders for its books
// wait that out and are then placed by the new process; they are not refused as "owned
// elsewhere" (CI saw that 503 when the restart came within a lease of the kill).
const LEASE_MS = 1_500;
const DEAD = 'killed-previous-process';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { clusterLeaseMs: LEASE_MS } });
});
afterAll(() => t?.close());

describe.skipIf(!process.env.TEST_DATABASE_URL)('restart within a lease of a kill -9, without NATS', () => {
  it("waits out the dead process's lease and places the order", async () => {
    const issuer = await t.signIn('issuer@meridian.test');
    const bond = await issueBond(t, issuer, 'Restart Lease 4% 2030');
    // The killed process: a fresh heartbeat and the bond's lease, as it left them.
    await t.db.execute(sql`insert into cluster_members (id, started_at, heartbeat_at) values (${DEAD}, now(), now())`);
    await t.db.execute(sql`insert into instrument_leases (instrument_id, owner, epoch, expires_at, acquired_at)
      values (${bond}::uuid, ${DEAD}, 7, now() + ${`${LEASE_MS} milliseconds`}::interval, now())
      on conflict (instrument_id) do update set owner = excluded.owner, epoch = excluded.epoch, expires_at = excluded.expires_at`);
    const ownership = t.app.trading.ownership;
    ownership.forget(bond);
    // This instance's heartbeat has seen the dead one as a live member.
    await waitFor('the heartbeat to see the dead instance as live', () => ownership.isLive(DEAD));

    const placed = await orderClient(t).place(issuer, {
      instrumentId: bond,
      orderType: 'sell',
      type: 'limit',
      quantity: 1,
      price: '100.00',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [lease] = await t.db.select().from(instrumentLeases).where(eq(instrumentLeases.instrumentId, bond));
    expect(lease!.owner).toBe(ownership.instanceId);
    expect(lease!.epoch).toBeGreaterThan(7n);
  });
});
