import { toMinorUnits } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionGrants, permissions, roleAssignments, tempElevations, users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { requirePermission } from './guard';

const HOUR = 3_600_000;

describe('permissions', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.post('/api/test/instruments', { preHandler: requirePermission('create_instruments') }, async (req) => ({
          by: req.user.email,
        }));
        app.post(
          '/api/test/orders',
          {
            schema: { body: z.object({ amount: z.string() }) },
            preHandler: requirePermission('place_orders', {
              amount: (req) => toMinorUnits((req.body as { amount: string }).amount) ?? undefined,
            }),
          },
          async () => ({ ok: true }),
        );
      },
    });
    for (const who of ['investor', 'issuer', 'investor2', 'admin'])
      cookies[who] = await t.signIn(`${who}@meridian.test`);
  }, 180_000);
  afterAll(() => t.close());

  const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const permissionRowId = async (id: string) =>
    (await t.db.select().from(permissions).where(eq(permissions.permissionId, id)))[0]!.id;
  const post = (url: string, who: string | undefined, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: who ? { cookie: cookies[who]!, origin: TEST_ORIGIN } : {}, payload });
  const validate = (who: string, permissionId: string, amount?: string | number) =>
    post('/api/role-management/validate-permission', who, { permissionId, amount, context: {} });

  describe('requirePermission', () => {
    it('answers 401 without a session', async () => {
      const res = await post('/api/test/instruments', undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    });

    it('answers 403 naming the missing permission', async () => {
      const res = await post('/api/test/instruments', 'investor');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Missing permission: create_instruments' });
    });

    it('lets a role holder through with request.user set', async () => {
      const res = await post('/api/test/instruments', 'issuer');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ by: 'issuer@meridian.test' });
    });

    it('enforces the catalogue cap on role-based amounts', async () => {
      expect((await post('/api/test/orders', 'investor', { amount: '10000000.00' })).statusCode).toBe(200);
      const over = await post('/api/test/orders', 'investor', { amount: '10000000.01' });
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe('You can spend up to $10,000,000.00 per order with your role');
    });

    it('gives the administrator every permission', async () => {
      expect((await post('/api/test/instruments', 'admin')).statusCode).toBe(200);
      const all = await t.db.select().from(permissions);
      for (const p of all) expect((await validate('admin', p.permissionId)).json().hasPermission).toBe(true);
    });
  });

  describe('validate-permission', () => {
    it('reports role-based holdings with the authorized amount', async () => {
      const res = await validate('investor', 'place_orders', 2500);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ hasPermission: true, source: 'role_based', amountAuthorized: '10000000.00' });
      expect(Date.parse(res.json().timestamp)).not.toBeNaN();
    });

    it('says no for unknown permissions', async () => {
      expect((await validate('investor', 'launch_rockets')).json()).toMatchObject({
        hasPermission: false,
        source: 'none',
      });
    });

    it('rejects amounts with more than two decimals', async () => {
      const res = await validate('investor', 'place_orders', '1.234');
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('body.amount');
    });

    it('honours a direct grant up to its amount limit, until it expires or is revoked', async () => {
      const uid = await userId('investor2@meridian.test');
      const pid = await permissionRowId('create_instruments');
      const [grant] = await t.db
        .insert(permissionGrants)
        .values({
          userId: uid,
          permissionId: pid,
          amountLimit: 100_000n,
          conditions: { desk: 'rates' },
          expiresAt: new Date(Date.now() + HOUR),
        })
        .returning();
      expect((await validate('investor2', 'create_instruments', '1000.00')).json()).toMatchObject({
        hasPermission: true,
        source: 'direct_grant',
        amountAuthorized: '1000.00',
        conditions: { desk: 'rates' },
      });
      expect((await validate('investor2', 'create_instruments', '1000.01')).json().hasPermission).toBe(false);
      expect((await post('/api/test/instruments', 'investor2')).statusCode).toBe(200);

      await t.db
        .update(permissionGrants)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(permissionGrants.id, grant!.id));
      expect((await validate('investor2', 'create_instruments')).json().hasPermission).toBe(false);
      await t.db
        .update(permissionGrants)
        .set({ expiresAt: null, revokedAt: new Date() })
        .where(eq(permissionGrants.id, grant!.id));
      expect((await validate('investor2', 'create_instruments')).json().hasPermission).toBe(false);
    });

    it('honours a temporary elevation only inside its window', async () => {
      const uid = await userId('investor2@meridian.test');
      const pid = await permissionRowId('generate_reports');
      expect((await validate('investor2', 'generate_reports')).json().hasPermission).toBe(false);
      const [elevation] = await t.db
        .insert(tempElevations)
        .values({ userId: uid, permissionId: pid, effectiveUntil: new Date(Date.now() + 4 * HOUR) })
        .returning();
      expect((await validate('investor2', 'generate_reports')).json()).toMatchObject({
        hasPermission: true,
        source: 'temp_elevation',
      });

      await t.db
        .update(tempElevations)
        .set({ effectiveUntil: new Date(Date.now() - 1000) })
        .where(eq(tempElevations.id, elevation!.id));
      expect((await validate('investor2', 'generate_reports')).json().hasPermission).toBe(false);
      await t.db
        .update(tempElevations)
        .set({ effectiveFrom: new Date(Date.now() + HOUR), effectiveUntil: new Date(Date.now() + 2 * HOUR) })
        .where(eq(tempElevations.id, elevation!.id));
      expect((await validate('investor2', 'generate_reports')).json().hasPermission).toBe(false);
    });

    it('ignores expired and inactive role assignments', async () => {
      const cookie = await t.signIn('marketmaker@meridian.test');
      const uid = await userId('marketmaker@meridian.test');
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/role-management/validate-permission',
          headers: { cookie, origin: TEST_ORIGIN },
          payload: { permissionId: 'provide_liquidity' },
        });
      expect((await ask()).json().hasPermission).toBe(true);
      await t.db
        .update(roleAssignments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(roleAssignments.userId, uid));
      expect((await ask()).json().hasPermission).toBe(false);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.json().roles).toEqual([]);
      await t.db
        .update(roleAssignments)
        .set({ expiresAt: null, isActive: false })
        .where(eq(roleAssignments.userId, uid));
      expect((await ask()).json().hasPermission).toBe(false);
    });
  });

  describe('my-permissions', () => {
    it('answers 401 without a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/role-management/my-permissions' })).statusCode).toBe(401);
    });

    it('lists role permissions, direct grants and elevations', async () => {
      const uid = await userId('issuer@meridian.test');
      await t.db
        .insert(permissionGrants)
        .values({ userId: uid, permissionId: await permissionRowId('generate_reports'), amountLimit: 50_000n });
      await t.db.insert(tempElevations).values({
        userId: uid,
        permissionId: await permissionRowId('provide_liquidity'),
        effectiveUntil: new Date(Date.now() + HOUR),
      });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/role-management/my-permissions',
        headers: { cookie: cookies.issuer! },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const create = body.rolePermissions.find(
        (r: { permission: { permissionId: string } }) => r.permission.permissionId === 'create_instruments',
      );
      expect(create).toMatchObject({
        permission: { source: 'role_based', category: 'issuance', riskLevel: 'high', maxAmount: '500000000.00' },
        assignment: { roleId: 'issuer', roleTitle: 'Issuer' },
      });
      expect(
        body.rolePermissions.some(
          (r: { permission: { permissionId: string } }) => r.permission.permissionId === 'manage_roles',
        ),
      ).toBe(false);
      expect(body.directPermissions).toEqual([
        expect.objectContaining({
          permission: expect.objectContaining({ permissionId: 'generate_reports', source: 'direct_grant' }),
          grant: expect.objectContaining({ amountLimit: '500.00', expiresAt: null }),
        }),
      ]);
      expect(body.tempElevations).toEqual([
        expect.objectContaining({
          permission: expect.objectContaining({ permissionId: 'provide_liquidity', source: 'temp_elevation' }),
        }),
      ]);
    });
  });
});

describe('requirePermission declaration', () => {
  it('refuses permission ids missing from the catalogue', () => {
    expect(() => requirePermission('create_instrument')).toThrow(/unknown permission 'create_instrument'/);
  });
});
