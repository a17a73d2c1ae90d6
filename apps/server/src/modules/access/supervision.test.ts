import { toMinorUnits } from '@meridian/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { approvals, departments, roleAssignments, roles, users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { forgetPermissions } from './decision-cache';
import { requirePermission } from './guard';

// Issue 10 §3 (decision 0049): a supervised role over its amount limit is routed to its
// supervisor instead of failing; the supervisor's yes lets the action through up to that amount.

describe('supervision routing', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let handled = 0;

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.post(
          '/api/test/orders',
          {
            schema: { body: z.object({ amount: z.string() }) },
            preHandler: requirePermission('place_orders', {
              amount: (req) => toMinorUnits((req.body as { amount: string }).amount) ?? undefined,
            }),
          },
          async () => ({ ok: true, handled: ++handled }),
        );
      },
    });
    for (const who of ['marketmaker', 'investor', 'admin', 'admin2'])
      cookies[who] = await t.signIn(`${who}@meridian.test`);
  }, 180_000);
  afterAll(() => t.close());

  const order = (who: string, amount: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/orders',
      headers: { cookie: cookies[who]!, origin: TEST_ORIGIN },
      payload: { amount },
    });
  const call = (method: 'GET' | 'POST', url: string, who: string) =>
    t.app.inject({
      method,
      url: `/api/role-management${url}`,
      headers: { cookie: cookies[who]!, origin: TEST_ORIGIN },
      payload: method === 'POST' ? {} : undefined,
    });
  const pendingIds = async (who: string) =>
    ((await call('GET', '/approvals/pending', who)).json() as { id: string }[]).map((a) => a.id);
  const auditActions = async (subjectId: string) => {
    const r = (await t.db.execute(
      sql`select action from audit_events where subject_id = ${subjectId} order by seq`,
    )) as unknown;
    return (Array.isArray(r) ? r : (r as { rows: { action: string }[] }).rows).map((x) => x.action);
  };

  it('sends a supervised market maker’s over-limit order to a supervisor instead of failing', async () => {
    expect((await order('marketmaker', '10000000.00')).statusCode).toBe(200);
    const before = handled;
    const res = await order('marketmaker', '10000000.01');
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ code: 'SUPERVISION_REQUIRED', status: 'pending', approvalId: expect.any(String) });
    expect(body.message).toMatch(/^Sent to your supervisor for approval: \$10,000,000\.01 under place_orders/);
    expect(handled).toBe(before);
    expect(await auditActions(body.approvalId)).toEqual(['access.supervision.request']);
    // Sending it again finds the open request rather than opening a second one.
    expect((await order('marketmaker', '10000000.01')).json().approvalId).toBe(body.approvalId);
    // An unsupervised role over its limit still fails.
    expect((await order('investor', '10000000.01')).statusCode).toBe(403);
  });

  it('lets the action through up to the approved amount once a supervisor approves', async () => {
    const approvalId = (await order('marketmaker', '10000000.01')).json().approvalId as string;
    expect(await pendingIds('admin')).toContain(approvalId);
    const approved = await call('POST', `/approvals/${approvalId}/approve`, 'admin');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approvedBy: ['admin@meridian.test'] });
    expect(await pendingIds('admin2')).not.toContain(approvalId);
    const retry = await order('marketmaker', '10000000.01');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().ok).toBe(true);
    // One cent more is a new request.
    const more = await order('marketmaker', '10000000.02');
    expect(more.statusCode).toBe(202);
    expect(more.json().approvalId).not.toBe(approvalId);
  });

  it('offers an approver only what they may decide, and refuses the rest on approve too', async () => {
    // Decision 0078. The Senior Issuer (level 7, approve_elevations, not manage_roles) supervises
    // the Capital Markets desk; other desks' supervision requests and role assignments are not theirs.
    cookies.senior = await t.signIn('senior.issuer@meridian.test');
    cookies.admin3 = await t.signIn('admin3@meridian.test');
    // The Trading Desk has no supervisor of its own: the role administrators decide.
    const supervision = (await order('marketmaker', '10000000.05')).json().approvalId as string;
    // Dual control (Custody & Settlement): an assignment of the Custodian role (level 6) to admin3.
    const assigned = await t.app.inject({
      method: 'POST',
      url: '/api/role-management/assign',
      headers: { cookie: cookies.admin!, origin: TEST_ORIGIN },
      payload: { email: 'admin3@meridian.test', roleId: 'custodian' },
    });
    expect(assigned.json(), assigned.body).toMatchObject({ status: 'pending_approval' });
    const assignment = assigned.json().approvalId as string;
    // An elevation to an administrator's permission (level 10) and the seeded one to provide_liquidity (level 6).
    const elevated = await t.app.inject({
      method: 'POST',
      url: '/api/role-management/request-elevation',
      headers: { cookie: cookies.investor!, origin: TEST_ORIGIN },
      payload: { permissionId: 'manage_roles', requestReason: 'Cover', justification: 'Desk head away' },
    });
    const highElevation = elevated.json().request.approvalId as string;
    const [seeded] = await t.db
      .select({ id: approvals.id })
      .from(approvals)
      .where(and(eq(approvals.kind, 'access.elevation'), eq(approvals.minApproverLevel, 6)));

    const senior = await pendingIds('senior');
    expect(senior).toContain(seeded!.id);
    for (const id of [supervision, assignment, highElevation]) expect(senior).not.toContain(id);
    const refusals = [
      [supervision, 'Only a supervisor of the Market Maker role may decide this request'],
      [assignment, 'Deciding a role assignment needs the manage_roles permission'],
      [highElevation, 'Approvers need role level 10 or higher (yours is 7)'],
    ] as const;
    for (const [id, message] of refusals) {
      const res = await call('POST', `/approvals/${id}/approve`, 'senior');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
      expect(await auditActions(id)).not.toContain('access.approval.approve');
    }

    // Administrators: never their own request, nor a role assigned to themselves.
    const admin = await pendingIds('admin');
    expect(admin).toEqual(expect.arrayContaining([supervision, highElevation, seeded!.id]));
    expect(admin).not.toContain(assignment);
    expect(await pendingIds('admin2')).toContain(assignment);
    expect(await pendingIds('admin3')).not.toContain(assignment);
    const own = await call('POST', `/approvals/${assignment}/approve`, 'admin3');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve or reject the assignment of a role to yourself');
    expect(await auditActions(assignment)).toEqual(['access.assignment.request']);
  });

  it('routes to the department’s supervisors when the role has any, and refuses others', async () => {
    const [mm] = await t.db
      .select({ departmentId: roles.departmentId, level: roles.level })
      .from(roles)
      .where(eq(roles.roleId, 'market_maker'));
    const [dept] = await t.db.select().from(departments).where(eq(departments.id, mm!.departmentId!));
    const [head] = await t.db
      .insert(roles)
      .values({
        roleId: 'head_of_trading_test',
        title: 'Head of Trading',
        level: mm!.level + 2,
        departmentId: dept!.id,
      })
      .returning();
    const [admin2] = await t.db.select().from(users).where(eq(users.email, 'admin2@meridian.test'));
    await t.db.insert(roleAssignments).values({ userId: admin2!.id, roleId: head!.id });
    forgetPermissions(t.db, admin2!.id);

    const res = await order('marketmaker', '10000000.03');
    expect(res.statusCode).toBe(202);
    const approvalId = res.json().approvalId as string;
    const [row] = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.id, approvalId), eq(approvals.kind, 'access.supervision')));
    expect(row!.payload).toMatchObject({ supervisorIds: [admin2!.id], roleId: 'market_maker' });
    expect(row!.minApproverLevel).toBe(mm!.level + 1);

    expect(await pendingIds('admin')).not.toContain(approvalId);
    expect(await pendingIds('admin2')).toContain(approvalId);
    const refused = await call('POST', `/approvals/${approvalId}/approve`, 'admin');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a supervisor of the Market Maker role may decide this request');
    expect(await auditActions(approvalId)).toEqual(['access.supervision.request']);

    expect((await call('POST', `/approvals/${approvalId}/approve`, 'admin2')).statusCode).toBe(200);
    expect((await order('marketmaker', '10000000.03')).statusCode).toBe(200);
    expect(await auditActions(approvalId)).toEqual(['access.supervision.request', 'access.approval.approve']);
  });

  it('sends the seeded junior issuer’s issue above the role’s own limit to the senior issuer only, then issues it', async () => {
    for (const who of ['junior', 'senior']) cookies[who] = await t.signIn(`${who}.issuer@meridian.test`);
    const today = new Date().toISOString().slice(0, 10);
    const issue = (who: string, name: string, notionalAmount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/instruments',
        headers: { cookie: cookies[who]!, origin: TEST_ORIGIN },
        payload: {
          contractType: 'PAM',
          name,
          notionalAmount,
          currency: 'USD',
          issueDate: today,
          maturityDate: `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`,
          interestRate: 4,
          paymentFrequency: 'P1Y',
          dayCountConvention: 'A/365',
        },
      });
    // The Junior Issuer's limit is the role's own $25,000,000.00 (decision 0078), far under
    // create_instruments' $500,000,000.00 catalogue cap, and my-permissions says so.
    const mine = (await call('GET', '/my-permissions', 'junior')).json() as {
      rolePermissions: { permission: { permissionId: string; maxAmount: string | null } }[];
    };
    expect(
      mine.rolePermissions.find((p) => p.permission.permissionId === 'create_instruments')?.permission,
    ).toMatchObject({ maxAmount: '25000000.00' });
    const atLimit = await issue('junior', 'Junior Desk Notes 2031', 25_000_000);
    expect(atLimit.statusCode, atLimit.body).toBe(201);

    const res = await issue('junior', 'Supervised Junior Notes 2031', 30_000_000);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(
      'Sent to your supervisor for approval: $30,000,000.00 under create_instruments is above the Junior Issuer limit',
    );
    const approvalId = res.json().approvalId as string;
    expect(await pendingIds('senior')).toContain(approvalId);
    expect(await pendingIds('admin')).not.toContain(approvalId);
    expect((await call('POST', `/approvals/${approvalId}/approve`, 'admin')).statusCode).toBe(403);
    expect((await call('POST', `/approvals/${approvalId}/approve`, 'senior')).statusCode).toBe(200);
    const issued = await issue('junior', 'Supervised Junior Notes 2031', 30_000_000);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json()).toMatchObject({ name: 'Supervised Junior Notes 2031' });
    // The senior role sets no limit of its own: the same amount needs nobody's approval.
    const senior = await issue('senior', 'Senior Desk Notes 2031', 30_000_000);
    expect(senior.statusCode, senior.body).toBe(201);
  });
});
