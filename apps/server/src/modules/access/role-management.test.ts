import { toMinorUnits } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { expireLapsed } from './decisions';
import { requirePermission } from './guard';

const HOUR = 3_600_000;
const BASE = '/api/role-management';

describe('role management', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.post('/api/test/liquidity', { preHandler: requirePermission('provide_liquidity') }, async () => ({
          ok: true,
        }));
        app.post('/api/test/limits', { preHandler: requirePermission('manage_risk_limits') }, async () => ({
          ok: true,
        }));
        app.post(
          '/api/test/liquidity-amount',
          {
            preHandler: requirePermission('provide_liquidity', {
              amount: (req) => toMinorUnits((req.body as { amount: string }).amount) ?? undefined,
            }),
          },
          async () => ({ ok: true }),
        );
      },
    });
    for (const who of ['admin', 'admin2', 'admin3', 'investor', 'investor2', 'compliance', 'issuer'])
      cookies[who] = await t.signIn(`${who}@meridian.test`);
  }, 180_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url: `${BASE}${url}`, headers: { cookie: cookies[who]!, origin: TEST_ORIGIN }, payload });
  const auditCount = async () => {
    const r = (await t.db.execute(sql`select count(*)::int as n from audit_events`)) as unknown;
    return (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows)[0]!.n as number;
  };
  /** A refused change: the status and code, and not a row written (audit included). */
  const refused = async (request: () => Promise<{ statusCode: number; json(): { code: string } }>, status: number) => {
    const before = await auditCount();
    const res = await request();
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toEqual(expect.any(String));
    expect(await auditCount()).toBe(before);
    return res.json();
  };

  describe('departments and roles', () => {
    it('creates a department, audited, and lists it', async () => {
      const before = await auditCount();
      const res = await call('POST', '/departments', 'admin', {
        name: 'Structured Products',
        code: 'STRUCT',
        budgetAuthority: 2500000.5,
        complianceLevel: 'enhanced',
        requiresDualControl: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ code: 'STRUCT', budgetAuthority: '2500000.50', requiresDualControl: true });
      expect(await auditCount()).toBe(before + 1);
      const list = (await call('GET', '/departments', 'admin')).json();
      expect(list.map((d: { code: string }) => d.code)).toContain('STRUCT');
    });

    it('refuses bad input, duplicates and non-holders without writing', async () => {
      await refused(
        () => call('POST', '/departments', 'admin', { name: 'X', code: 'STRUCT', budgetAuthority: 1 }),
        409,
      );
      await refused(() => call('POST', '/departments', 'admin', { name: 'X', code: 'NEG', budgetAuthority: -5 }), 400);
      await refused(() => call('POST', '/departments', 'admin', { name: '', code: 'E', budgetAuthority: 1 }), 400);
      await refused(
        () => call('POST', '/departments', 'investor', { name: 'X', code: 'INV', budgetAuthority: 1 }),
        403,
      );
    });

    it('creates a role and refuses level outside 1-10, unknown department, duplicate id', async () => {
      const dept = (await call('GET', '/departments', 'admin'))
        .json()
        .find((d: { code: string }) => d.code === 'STRUCT');
      const res = await call('POST', '/roles', 'admin', {
        roleId: 'structurer',
        title: 'Structurer',
        level: 5,
        departmentId: dept.id,
        basePermissions: ['provide_liquidity'],
        amountLimit: '1500000.50',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        roleId: 'structurer',
        departmentName: 'Structured Products',
        basePermissions: ['provide_liquidity'],
        amountLimit: '1500000.50',
      });
      const listed = (await call('GET', '/roles', 'admin')).json() as { roleId: string; amountLimit: string | null }[];
      expect(listed.find((r) => r.roleId === 'structurer')?.amountLimit).toBe('1500000.50');
      expect(listed.find((r) => r.roleId === 'investor')?.amountLimit).toBeNull();
      for (const amountLimit of [-1, '12.345', 'lots'])
        await refused(
          () => call('POST', '/roles', 'admin', { roleId: 'rl', title: 'R', departmentId: dept.id, amountLimit }),
          400,
        );
      await refused(
        () => call('POST', '/roles', 'admin', { roleId: 'r11', title: 'R', level: 11, departmentId: dept.id }),
        400,
      );
      await refused(
        () => call('POST', '/roles', 'admin', { roleId: 'r0', title: 'R', level: 0, departmentId: dept.id }),
        400,
      );
      await refused(
        () =>
          call('POST', '/roles', 'admin', {
            roleId: 'rx',
            title: 'R',
            departmentId: '00000000-0000-4000-8000-000000000000',
          }),
        404,
      );
      await refused(
        () => call('POST', '/roles', 'admin', { roleId: 'structurer', title: 'R', departmentId: dept.id }),
        409,
      );
      await refused(() => call('POST', '/roles', 'investor', { roleId: 'ry', title: 'R', departmentId: dept.id }), 403);
    });
  });

  describe('assignments under dual control', () => {
    let approvalId: string;

    it('opens an approval instead of assigning', async () => {
      const res = await call('POST', '/assign', 'admin', {
        email: 'investor2@meridian.test',
        roleId: 'structurer',
        conditions: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'pending_approval', assignment: null, requiredApprovers: 2 });
      approvalId = res.json().approvalId;
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/test/liquidity',
            headers: { cookie: cookies.investor2!, origin: TEST_ORIGIN },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('needs two distinct approvers, never the requester', async () => {
      await refused(() => call('POST', `/approvals/${approvalId}/approve`, 'admin'), 403);
      const first = await call('POST', `/approvals/${approvalId}/approve`, 'admin2');
      expect(first.json()).toMatchObject({ status: 'pending', approvedBy: ['admin2@meridian.test'] });
      await refused(() => call('POST', `/approvals/${approvalId}/approve`, 'admin2'), 409);
      const second = await call('POST', `/approvals/${approvalId}/approve`, 'admin3');
      expect(second.json()).toMatchObject({ status: 'approved' });
      await refused(() => call('POST', `/approvals/${approvalId}/approve`, 'admin'), 403);
      const assignments = (await call('GET', '/assignments', 'admin')).json();
      expect(
        assignments.some(
          (a: { userEmail: string; roleId: string }) =>
            a.userEmail === 'investor2@meridian.test' && a.roleId === 'structurer',
        ),
      ).toBe(true);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/liquidity',
        headers: { cookie: cookies.investor2!, origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(200);
      // The role's own limit, not provide_liquidity's $50,000,000.00 catalogue cap (decision 0078);
      // the role is not supervised, so above it the action is refused, not sent for approval.
      const quote = (amount: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/test/liquidity-amount',
          headers: { cookie: cookies.investor2!, origin: TEST_ORIGIN },
          payload: { amount },
        });
      expect((await quote('1500000.50')).statusCode).toBe(200);
      const over = await quote('1500000.51');
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe('You can use provide_liquidity up to $1,500,000.50 with your role');
    });

    it('refuses self-assignment, past expiry, unknown user or role, duplicates', async () => {
      await refused(() => call('POST', '/assign', 'admin', { email: 'admin@meridian.test', roleId: 'investor' }), 403);
      await refused(
        () =>
          call('POST', '/assign', 'admin', {
            email: 'issuer@meridian.test',
            roleId: 'investor',
            expiresAt: new Date(Date.now() - 1000).toISOString(),
          }),
        422,
      );
      await refused(() => call('POST', '/assign', 'admin', { email: 'nobody@meridian.test', roleId: 'investor' }), 404);
      await refused(
        () => call('POST', '/assign', 'admin', { email: 'issuer@meridian.test', roleId: 'no_such_role' }),
        404,
      );
      await refused(
        () => call('POST', '/assign', 'admin', { email: 'investor@meridian.test', roleId: 'investor' }),
        409,
      );
      await refused(() => call('POST', '/assign', 'admin', { roleId: 'investor' }), 400);
    });

    it('an assignment stops working the instant it expires, and the sweep deactivates it', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const now = Date.now();
      const expiresAt = new Date(now + HOUR);
      const res = await call('POST', '/assign', 'admin', {
        email: 'issuer@meridian.test',
        roleId: 'market_maker',
        expiresAt: expiresAt.toISOString(),
      });
      expect(res.json()).toMatchObject({ status: 'assigned' });
      const liquidity = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/test/liquidity',
          headers: { cookie: cookies.issuer!, origin: TEST_ORIGIN },
        });
      expect((await liquidity()).statusCode).toBe(200);
      vi.setSystemTime(expiresAt.getTime() - 1);
      expect((await liquidity()).statusCode).toBe(200);
      vi.setSystemTime(expiresAt);
      expect((await liquidity()).statusCode).toBe(403);
      await expireLapsed(t.db, new Date());
      const list = (await call('GET', '/assignments', 'admin')).json();
      expect(list.some((a: { id: string }) => a.id === res.json().assignment.id)).toBe(false);
    });
  });

  describe('elevations', () => {
    it('grants low-risk permissions within the requester level at once', async () => {
      const res = await call('POST', '/request-elevation', 'compliance', {
        permissionId: 'view_portfolio',
        requestReason: 'Check a client',
        justification: 'Case 42',
        requestedDuration: 2,
        urgencyLevel: 'low',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ granted: true, request: { status: 'approved' } });
    });

    it('a high-risk request waits for one approver, and ends the second its duration passes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const res = await call('POST', '/request-elevation', 'issuer', {
        permissionId: 'provide_liquidity',
        requestReason: 'Cover the desk',
        justification: 'MM out sick',
        requestedDuration: 1,
      });
      expect(res.json()).toMatchObject({ granted: false, request: { status: 'pending', requiredApprovers: 1 } });
      const id = res.json().request.id;
      await refused(() => call('POST', `/elevation-requests/${id}/approve`, 'issuer'), 403);
      const liquidity = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/test/liquidity',
          headers: { cookie: cookies.issuer!, origin: TEST_ORIGIN },
        });
      expect((await liquidity()).statusCode).toBe(403);
      const approvedAt = Date.now();
      expect((await call('POST', `/elevation-requests/${id}/approve`, 'admin')).json()).toMatchObject({
        status: 'approved',
      });
      await refused(() => call('POST', `/elevation-requests/${id}/approve`, 'admin2'), 409);
      expect((await liquidity()).statusCode).toBe(200);
      vi.setSystemTime(approvedAt + HOUR - 1);
      expect((await liquidity()).statusCode).toBe(200);
      vi.setSystemTime(approvedAt + HOUR);
      expect((await liquidity()).statusCode).toBe(403);
      await expireLapsed(t.db, new Date());
      const mine = (await call('GET', '/elevation-requests', 'issuer')).json();
      expect(mine.find((r: { id: string }) => r.id === id).status).toBe('expired');
    });

    it('a short elevation in minutes ends the second its minutes pass; bounds are per unit', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const res = await call('POST', '/request-elevation', 'investor', {
        permissionId: 'manage_risk_limits',
        requestReason: 'Quote one auction',
        justification: 'Two minutes is enough',
        requestedDuration: 2,
        requestedDurationUnit: 'minutes',
      });
      expect(res.json()).toMatchObject({
        granted: false,
        request: { status: 'pending', requestedDuration: 2, requestedDurationUnit: 'minutes' },
      });
      const id = res.json().request.id;
      const limits = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/test/limits',
          headers: { cookie: cookies.investor!, origin: TEST_ORIGIN },
        });
      expect((await limits()).statusCode).toBe(403);
      const approvedAt = Date.now();
      expect((await call('POST', `/elevation-requests/${id}/approve`, 'admin')).json()).toMatchObject({
        status: 'approved',
      });
      expect((await limits()).statusCode).toBe(200);
      vi.setSystemTime(approvedAt + 2 * 60_000 - 1);
      expect((await limits()).statusCode).toBe(200);
      vi.setSystemTime(approvedAt + 2 * 60_000);
      expect((await limits()).statusCode).toBe(403);
      const bad = async (requestedDuration: number, requestedDurationUnit?: string) =>
        (await refused(
          () =>
            call('POST', '/request-elevation', 'investor', {
              permissionId: 'investigate_violations',
              requestReason: 'R',
              justification: 'J',
              requestedDuration,
              requestedDurationUnit,
            }),
          400,
        )) as unknown as { message: string };
      expect((await bad(0, 'minutes')).message).toContain('Duration must be at least 1 minute');
      expect((await bad(0)).message).toContain('Duration must be at least 1 hour');
      expect((await bad(721)).message).toContain('at most 720 hours');
      expect((await bad(43_201, 'minutes')).message).toContain('at most 43200 minutes');
      await bad(5, 'days');
    });

    it('a multi-sig permission needs two distinct approvers', async () => {
      const res = await call('POST', '/request-elevation', 'investor2', {
        permissionId: 'manage_custody',
        requestReason: 'Move collateral',
        justification: 'Quarter end',
      });
      expect(res.json()).toMatchObject({ granted: false, request: { requiredApprovers: 2 } });
      const id = res.json().request.id;
      expect((await call('POST', `/elevation-requests/${id}/approve`, 'admin')).json()).toMatchObject({
        status: 'pending',
      });
      await refused(() => call('POST', `/elevation-requests/${id}/approve`, 'admin'), 409);
      expect((await call('POST', `/elevation-requests/${id}/approve`, 'admin2')).json()).toMatchObject({
        status: 'approved',
      });
    });

    it('refuses approving an expired request, and the sweep marks it expired', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const res = await call('POST', '/request-elevation', 'issuer', {
        permissionId: 'investigate_violations',
        requestReason: 'R',
        justification: 'J',
      });
      const id = res.json().request.id;
      vi.setSystemTime(Date.now() + 24 * HOUR);
      const body = await refused(() => call('POST', `/elevation-requests/${id}/approve`, 'admin'), 409);
      expect(body.code).toBe('EXPIRED');
      await expireLapsed(t.db, new Date());
      const all = (await call('GET', '/elevation-requests', 'admin')).json();
      expect(all.find((r: { id: string }) => r.id === id).status).toBe('expired');
    });

    it('refuses unknown permissions, missing fields and unknown ids', async () => {
      await refused(
        () =>
          call('POST', '/request-elevation', 'investor', {
            permissionId: 'nope',
            requestReason: 'R',
            justification: 'J',
          }),
        404,
      );
      await refused(
        () =>
          call('POST', '/request-elevation', 'investor', {
            permissionId: 'provide_liquidity',
            requestReason: '',
            justification: 'J',
          }),
        400,
      );
      await refused(
        () => call('POST', '/elevation-requests/00000000-0000-4000-8000-000000000000/approve', 'admin'),
        404,
      );
      await refused(() => call('POST', '/elevation-requests/not-a-uuid/approve', 'admin'), 400);
    });
  });
});
