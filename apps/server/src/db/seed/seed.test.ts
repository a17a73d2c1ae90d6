import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import * as schema from '../schema';
import { runSeed } from '.';

const COUNTED = {
  organisations: schema.organisations,
  users: schema.users,
  accounts: schema.accounts,
  permissions: schema.permissions,
  roles: schema.roles,
  rolePermissions: schema.rolePermissions,
  departments: schema.departments,
  roleAssignments: schema.roleAssignments,
  permissionGrants: schema.permissionGrants,
  elevationRequests: schema.elevationRequests,
};

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(COUNTED).map(async ([name, table]) => [
          name,
          (await t.db.select({ n: count() }).from(table))[0]!.n,
        ]),
      ),
    );

  it('is idempotent', async () => {
    const before = await counts();
    await runSeed(t.db, { demoMode: true });
    expect(await counts()).toEqual(before);
  });

  it('covers every protected action named by the spec', async () => {
    const ids = (await t.db.select().from(schema.permissions)).map((p) => p.permissionId);
    for (const id of [
      'create_instruments',
      'place_orders',
      'provide_liquidity',
      'manage_custody',
      'generate_reports',
      'view_regulatory_data',
      'manage_roles',
      'approve_elevations',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('seeds the six stakeholder roles plus the administrator, and issuers in every sector', async () => {
    const roles = (await t.db.select().from(schema.roles)).map((r) => r.roleId).sort();
    expect(roles).toEqual(
      expect.arrayContaining([
        'administrator',
        'compliance',
        'custodian',
        'investor',
        'issuer',
        'market_maker',
        'regulator',
      ]),
    );
    const sectors = new Set((await t.db.select().from(schema.organisations)).map((o) => o.sector));
    expect([...sectors].sort()).toEqual(['corporate', 'financial', 'government', 'municipal']);
  });
});
