import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { badgeLocalId, SIMULATED_RESOURCES } from './badges';

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as Rows<T> & { rows: T[] }).rows);

describe('role badges (server-issued)', () => {
  describe('simulation mode (default)', () => {
    let t: TestApp;
    const cookies: Record<string, string> = {};
    beforeAll(async () => {
      t = await createTestApp();
      for (const who of ['admin', 'issuer', 'investor2']) cookies[who] = await t.signIn(`${who}@meridian.test`);
    }, 180_000);
    afterAll(() => t.close());

    const post = (url: string, who: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: cookies[who]!, origin: TEST_ORIGIN }, payload });
    const count = async (table: 'audit_events' | 'role_badges') =>
      rowsOf<{ n: number }>(await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

    it('GET /api/radix/config tells the browser the mode at run time', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/radix/config' });
      expect(res.json()).toEqual({ simulationMode: true, networkId: null, dAppDefinitionAddress: null });
    });

    it('an assignment gets its badge from the server, recorded and audited in the same transaction', async () => {
      const [auditBefore, badgesBefore] = [await count('audit_events'), await count('role_badges')];
      // Browser-made badge fields are ignored: the server issues the badge.
      const res = await post('/api/role-management/assign', 'admin', {
        email: 'investor2@meridian.test',
        roleId: 'market_maker',
        badgeResourceAddress: 'resource_from_browser',
        badgeLocalId: '{from-browser}',
      });
      expect(res.statusCode).toBe(200);
      const assignment = res.json().assignment;
      const [badge] = rowsOf<{ id: string; resource_address: string; local_id: string; status: string }>(
        await t.db.execute(sql`select * from role_badges where assignment_id = ${assignment.id}`),
      );
      expect(badge).toMatchObject({ resource_address: SIMULATED_RESOURCES.role_assignment, status: 'simulated' });
      expect(assignment.badgeResourceAddress).toBe(badge!.resource_address);
      expect(assignment.badgeLocalId).toBe(badge!.local_id);
      // The local id is the RUID of the badge row id: SHA-256 hex in four groups of 16.
      const hex = createHash('sha256').update(badge!.id).digest('hex');
      expect(badge!.local_id).toBe(`{${hex.match(/.{16}/g)!.join('-')}}`);
      expect(badgeLocalId(badge!.id)).toBe(badge!.local_id);
      expect(await count('role_badges')).toBe(badgesBefore + 1);
      // One row for the badge, one for the assignment.
      expect(await count('audit_events')).toBe(auditBefore + 2);
      const actions = rowsOf<{ action: string }>(
        await t.db.execute(sql`select action from audit_events order by seq desc limit 2`),
      ).map((r) => r.action);
      expect(actions.sort()).toEqual(['access.assignment.create', 'access.badge.create']);
    });

    it('create-badge issues a stakeholder badge for a role the caller holds, once per assignment', async () => {
      const body = { roleId: 'issuer', badgeType: 'stakeholder_access', metadata: { roleName: 'Issuer' } };
      const first = await post('/api/radix/create-badge', 'issuer', body);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        resourceAddress: SIMULATED_RESOURCES.stakeholder_access,
        badgeType: 'stakeholder_access',
        roleId: 'issuer',
        status: 'simulated',
        metadata: { roleName: 'Issuer', platform: 'Meridian', blockchainNetwork: 'simulation', badgeVersion: '1.0' },
      });
      expect(first.json().assignmentId).toEqual(expect.any(String));
      const badges = await count('role_badges');
      const again = await post('/api/radix/create-badge', 'issuer', body);
      expect(again.json().id).toBe(first.json().id);
      expect(await count('role_badges')).toBe(badges);
    });

    it('GET /api/radix/badges lists the caller’s own badges from role_badges, newest first', async () => {
      const get = (who: string) =>
        t.app.inject({ method: 'GET', url: '/api/radix/badges', headers: { cookie: cookies[who]! } });
      const res = await get('issuer');
      expect(res.statusCode).toBe(200);
      const rows = rowsOf<{ id: string }>(
        await t.db.execute(
          sql`select b.id from role_badges b join users u on u.id = b.user_id where u.email = 'issuer@meridian.test' order by b.created_at desc`,
        ),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(res.json().map((b: { id: string }) => b.id)).toEqual(rows.map((r) => r.id));
      expect(
        res.json().every((b: { badgeType: string }) => ['stakeholder_access', 'role_assignment'].includes(b.badgeType)),
      ).toBe(true);
      // Someone else's badges are not in it.
      const others = (await get('investor2')).json().map((b: { id: string }) => b.id);
      expect(others.some((id: string) => rows.some((r) => r.id === id))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/radix/badges' })).statusCode).toBe(401);
    });

    it('refuses a role the caller does not hold, another user, bad input: nothing written', async () => {
      for (const [payload, status] of [
        [{ roleId: 'regulator', metadata: { roleName: 'Regulator' } }, 403],
        [{ userId: 'someone-else', roleId: 'issuer', metadata: { roleName: 'Issuer' } }, 403],
        [{ roleId: '', metadata: { roleName: 'Issuer' } }, 400],
        [{ roleId: 'issuer', badgeType: 'gold', metadata: { roleName: 'Issuer' } }, 400],
      ] as const) {
        const [audit, badges] = [await count('audit_events'), await count('role_badges')];
        const res = await post('/api/radix/create-badge', 'issuer', payload);
        expect(res.statusCode).toBe(status);
        expect(res.json().code).toEqual(expect.any(String));
        expect([await count('audit_events'), await count('role_badges')]).toEqual([audit, badges]);
      }
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/radix/create-badge',
        headers: { origin: TEST_ORIGIN },
        payload: { roleId: 'issuer', metadata: { roleName: 'Issuer' } },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('simulation off', () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp({
        config: { simulationMode: false, radix: { networkId: 2, dAppDefinitionAddress: 'account_tdx_2_1example' } },
      });
      cookie = await t.signIn('issuer@meridian.test');
    }, 180_000);
    afterAll(() => t.close());

    it('says so at run time and refuses to pretend a mint: 503 with the SPEC text, nothing written', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/radix/config' })).json()).toEqual({
        simulationMode: false,
        networkId: 2,
        dAppDefinitionAddress: 'account_tdx_2_1example',
      });
      const before = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from role_badges`))[0]!.n;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/radix/create-badge',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { roleId: 'issuer', metadata: { roleName: 'Issuer' } },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'LEDGER_UNAVAILABLE',
        message: 'Failed to create digital role badge on blockchain',
      });
      const after = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from role_badges`))[0]!.n;
      expect(after).toBe(before);
    });
  });
});
