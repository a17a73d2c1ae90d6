import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { checkPermission } from '../../modules/access/service';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../harness';
import { concreteUrl, signInIdentities, type Identity } from './identities';
import { CUSTOM_GUARDS, ROUTE_ACCESS, type Access } from './route-access';
import { guardOf, guardReadsRequest, routeCollector, type ApiRoute } from './routes';

// Every API route x every demo role x signed out, against the declared table in route-access.ts.

const TABLE = 'apps/server/src/test/security/route-access.ts';
let t: TestApp;
let identities: Identity[];
const collected = routeCollector();

beforeAll(async () => {
  t = await createTestApp({ onRoute: collected.onRoute });
  identities = await signInIdentities(t);
}, 120_000);
afterAll(() => t.close());

const describeAccess = (access: Access) => (typeof access === 'string' ? access : `permission ${access.permission}`);

describe('authorization matrix', () => {
  it('declares every API route in the access table', () => {
    const missing = collected.routes.map((r) => r.key).filter((key) => !(key in ROUTE_ACCESS));
    expect(
      missing,
      `Routes missing from ${TABLE}: ${missing.join(', ')}. Add a line per route, e.g. ` +
        `'${missing[0]}': { permission: '<permission id>' } (or 'signed-in' / 'public'), ` +
        `and guard the route with requirePermission(...) or requireAuth`,
    ).toEqual([]);
    const registered = new Set(collected.routes.map((r) => r.key));
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !registered.has(key));
    expect(stale, `Entries in ${TABLE} for routes that no longer exist: remove them`).toEqual([]);
  });

  it('guards each route as the table declares', () => {
    const wrong = collected.routes
      .filter((r) => r.key in ROUTE_ACCESS && !CUSTOM_GUARDS.has(r.key))
      .map((r) => ({ route: r.key, declared: ROUTE_ACCESS[r.key]!, guarded: guardOf(r.options) }))
      .filter((r) => JSON.stringify(r.declared) !== JSON.stringify(r.guarded))
      .map((r) => `${r.route}: declared ${describeAccess(r.declared)}, guarded ${describeAccess(r.guarded)}`);
    expect(wrong, `Fix the route's guard or its line in ${TABLE}`).toEqual([]);
  });

  it('answers each role as the table declares', async () => {
    const mismatches: string[] = [];
    for (const identity of identities) {
      const [user] = identity.email
        ? await t.db.select({ id: users.id }).from(users).where(eq(users.email, identity.email))
        : [];
      // Signing out would end this identity's session for the routes after it.
      for (const route of collected.routes.filter((r) => !(identity.cookie && r.key === 'POST /api/logout'))) {
        const access = ROUTE_ACCESS[route.key];
        if (!access) continue;
        const status = await send(route, identity);
        const expected = await expectedStatuses(route, access, user?.id);
        if (!expected.ok(status))
          mismatches.push(`${route.key} as ${identity.name}: ${status}, expected ${expected.text}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every route × every demo identity: ~1,000 requests, more than the default 30 s on a loaded box.
  }, 180_000);
});

async function send(route: ApiRoute, identity: Identity): Promise<number> {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers: { origin: TEST_ORIGIN, ...(identity.cookie ? { cookie: identity.cookie } : {}) },
    ...(hasBody ? { payload: {} } : {}),
  });
  return res.statusCode;
}

async function expectedStatuses(route: ApiRoute, access: Access, userId: string | undefined) {
  const refused = (s: number) => s === 401 || s === 403;
  if (access === 'public') return { ok: (s: number) => !refused(s) && s < 500, text: 'neither 401/403 nor 5xx' };
  if (!userId) return { ok: (s: number) => s === 401, text: '401' };
  if (access === 'signed-in') return { ok: (s: number) => !refused(s) && s < 500, text: 'neither 401/403 nor 5xx' };
  const holds = (await checkPermission(t.db, userId, access.permission)).hasPermission;
  if (holds) return { ok: (s: number) => !refused(s) && s < 500, text: `not refused (holds ${access.permission})` };
  // An amount-limited guard needs the validated body, so an empty body may stop at validation.
  const early = guardReadsRequest(route.options) ? [400, 403] : [403];
  return { ok: (s: number) => early.includes(s), text: `${early.join(' or ')} (lacks ${access.permission})` };
}
