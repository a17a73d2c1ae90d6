import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionGrants, permissions, tempElevations, users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { requirePermission } from './guard';
import { endElevation, revokeGrant, revokeRoles } from './writes';

const HOUR = 3_600_000;

// The guard caches holdings for a few seconds; these prove each way a cached "yes" ends.
describe('permission holdings cache', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.post('/api/test/liquidity', { preHandler: requirePermission('provide_liquidity') }, async () => ({
          ok: true,
        }));
        app.post('/api/test/reports', { preHandler: requirePermission('generate_reports') }, async () => ({
          ok: true,
        }));
        app.get('/api/test/me', { preHandler: requirePermission('provide_liquidity') }, async (req) => ({
          roles: req.user.roles,
        }));
      },
    });
  });
  afterAll(() => t.close());

  const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const permissionRowId = async (id: string) =>
    (await t.db.select().from(permissions).where(eq(permissions.permissionId, id)))[0]!.id;
  const call = (url: string, cookie: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload: {} });

  it('serves a repeated decision without re-reading a change made behind its back', async () => {
    // This is what makes the cache a cache; the tests below show every sanctioned way it ends.
    const cookie = await t.signIn('issuer@meridian.test');
    const uid = await userId('issuer@meridian.test');
    const [grant] = await t.db
      .insert(permissionGrants)
      .values({ userId: uid, permissionId: await permissionRowId('generate_reports'), amountLimit: null })
      .returning();
    expect((await call('/api/test/reports', cookie)).statusCode).toBe(200);
    await t.db.update(permissionGrants).set({ revokedAt: new Date() }).where(eq(permissionGrants.id, grant!.id));
    expect((await call('/api/test/reports', cookie)).statusCode).toBe(200);
    await revokeGrant(t.db, grant!.id);
    expect((await call('/api/test/reports', cookie)).statusCode).toBe(403);
  });

  it('forgets a cached decision and the cached roles when a role is revoked', async () => {
    const cookie = await t.signIn('marketmaker@meridian.test');
    const uid = await userId('marketmaker@meridian.test');
    expect((await call('/api/test/liquidity', cookie)).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/test/me', headers: { cookie } });
    expect(me.json().roles).toContain('market_maker');

    expect(await revokeRoles(t.db, uid, ['market_maker'])).toBeGreaterThan(0);
    const res = await call('/api/test/liquidity', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing permission: provide_liquidity');
  });

  it('stops trusting a cached grant at its expiry', async () => {
    const cookie = await t.signIn('investor2@meridian.test');
    const uid = await userId('investor2@meridian.test');
    await t.db.insert(permissionGrants).values({
      userId: uid,
      permissionId: await permissionRowId('generate_reports'),
      amountLimit: null,
      expiresAt: new Date(Date.now() + 1_500),
    });
    expect((await call('/api/test/reports', cookie)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await call('/api/test/reports', cookie)).statusCode).toBe(403);
  });

  it('forgets a cached elevation when it is ended', async () => {
    const cookie = await t.signIn('investor@meridian.test');
    const uid = await userId('investor@meridian.test');
    const [elevation] = await t.db
      .insert(tempElevations)
      .values({
        userId: uid,
        permissionId: await permissionRowId('provide_liquidity'),
        effectiveUntil: new Date(Date.now() + HOUR),
      })
      .returning();
    expect((await call('/api/test/liquidity', cookie)).statusCode).toBe(200);
    await endElevation(t.db, elevation!.id);
    expect((await call('/api/test/liquidity', cookie)).statusCode).toBe(403);
  });
});
