import { formatMoneyText } from '@meridian/schemas';
import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { approvals, permissionGrants, permissions, roleAssignments, roles } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/record';
import { type ApprovalRow, requestApproval } from './approvals';
import { findPermission, roleHoldings } from './queries';
import { checkPermission } from './service';

// Issue 10 §3: "actions of a supervised role above its amount limit go to its supervisor for
// approval instead of failing" (decision 0049). The over-limit request opens an approval of kind
// `access.supervision` routed to the role's supervisors; approving it grants the requester that
// permission up to exactly that amount for SUPERVISED_GRANT_TTL_MS, and the requester sends the
// action again.

export const SUPERVISION_KIND = 'access.supervision';
/** How long a supervisor's yes lets the requester carry out the approved action. */
export const SUPERVISED_GRANT_TTL_MS = 3_600_000;

export interface SupervisionPayload {
  permissionId: string;
  /** USD hundredths, as a decimal string (JSON has no bigint). */
  amount: string;
  roleId: string;
  roleTitle: string;
  departmentId: string | null;
  /**
   * Who may decide: the department's holders of a higher role who may approve; empty = the role
   * administrators (manage_roles) above the role's level (approver-scope.ts, decision 0078).
   */
  supervisorIds: string[];
  method: string;
  url: string;
}

/**
 * The supervisors of a role: users (other than `requesterId`) holding an active, unexpired role of
 * a higher level in the same department who also hold `approve_elevations`.
 */
async function departmentSupervisors(
  db: Db,
  role: { level: number; departmentId: string | null },
  requesterId: string,
  now: Date,
): Promise<string[]> {
  if (!role.departmentId) return [];
  const rows = await db
    .selectDistinct({ userId: roleAssignments.userId, expiresAt: roleAssignments.expiresAt })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(
      and(eq(roles.departmentId, role.departmentId), gt(roles.level, role.level), eq(roleAssignments.isActive, true)),
    );
  const ids = [
    ...new Set(
      rows.filter((r) => (r.expiresAt === null || r.expiresAt > now) && r.userId !== requesterId).map((r) => r.userId),
    ),
  ];
  const allowed: string[] = [];
  for (const id of ids) if ((await checkPermission(db, id, 'approve_elevations')).hasPermission) allowed.push(id);
  return allowed.sort();
}

export interface SupervisionRouted {
  approval: ApprovalRow;
  message: string;
}

/**
 * For a request refused only for its amount: when the permission comes from a role that
 * requires supervision, opens (or finds the already open) supervision approval and returns it;
 * otherwise null (the request fails as before).
 */
export async function routeToSupervisor(
  db: Db,
  user: { id: string; email: string },
  permissionId: string,
  amount: bigint,
  request: { method: string; url: string },
  audit: AuditContext,
  now = new Date(),
): Promise<SupervisionRouted | null> {
  const permission = await findPermission(db, permissionId);
  if (!permission) return null;
  const supervised = (await roleHoldings(db, user.id, now, permission.id))
    .map((h) => h.role)
    .filter((r) => r.requiresSupervision)
    .sort((a, b) => b.level - a.level)[0];
  if (!supervised) return null;
  const supervisorIds = await departmentSupervisors(db, supervised, user.id, now);
  const words = `${formatMoneyText(amount, 'USD')} under ${permissionId}`;
  const message = `Sent to your supervisor for approval: ${words} is above the ${supervised.title} limit`;
  const approval = await db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(approvals)
      .where(
        and(eq(approvals.kind, SUPERVISION_KIND), eq(approvals.requestedBy, user.id), eq(approvals.status, 'pending')),
      );
    const same = open.find((a) => {
      const p = a.payload as unknown as SupervisionPayload;
      return p.permissionId === permissionId && p.amount === amount.toString() && a.expiresAt > now;
    });
    if (same) return same;
    const payload: SupervisionPayload = {
      permissionId,
      amount: amount.toString(),
      roleId: supervised.roleId,
      roleTitle: supervised.title,
      departmentId: supervised.departmentId,
      supervisorIds,
      method: request.method,
      url: request.url,
    };
    const row = await requestApproval(
      tx,
      {
        kind: SUPERVISION_KIND,
        payload: payload as unknown as Record<string, unknown>,
        summary: `${user.email} (${supervised.title}, supervised) asks to use ${words}, above the role's limit`,
        requestedBy: user.id,
        requiredApprovers: 1,
        minApproverLevel: Math.min(10, supervised.level + 1),
      },
      now,
    );
    await recordAudit(tx, {
      ...audit,
      authorisedBy: `${permissionId} over limit (${supervised.roleId} requires supervision)`,
      action: 'access.supervision.request',
      subjectType: 'approval',
      subjectId: row.id,
      after: { permissionId, amount: amount.toString(), roleId: supervised.roleId, supervisorIds },
    });
    return row;
  });
  return { approval, message };
}

/** On approval: the requester may use the permission up to the approved amount for an hour. */
export async function applySupervision(tx: Tx, approval: ApprovalRow, approverId: string, now: Date): Promise<string> {
  const p = approval.payload as unknown as SupervisionPayload;
  const [permission] = await tx.select().from(permissions).where(eq(permissions.permissionId, p.permissionId));
  if (!permission) throw new Error(`supervision approval ${approval.id}: unknown permission ${p.permissionId}`);
  await tx.insert(permissionGrants).values({
    userId: approval.requestedBy,
    permissionId: permission.id,
    amountLimit: BigInt(p.amount),
    conditions: { supervisionApproval: approval.id, method: p.method, url: p.url },
    expiresAt: new Date(now.getTime() + SUPERVISED_GRANT_TTL_MS),
    grantedBy: approverId,
    createdAt: now,
  });
  return approval.requestedBy;
}
