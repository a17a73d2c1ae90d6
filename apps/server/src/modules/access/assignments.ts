import type { Assignment, AssignResult, AssignRole, UserSummary } from '@meridian/schemas';
import { and, eq, ilike, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { departments, roleAssignments, roles, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit/record';
import type { AuditCtx } from './admin-catalogue';
import { requestApproval, userLevel } from './approvals';
import { type BadgeMode, issueBadge } from './badges';
import { forgetPermissions } from './decision-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AssignmentRow = typeof roleAssignments.$inferSelect;

function assignmentDto(
  a: AssignmentRow,
  user: { email: string; name: string },
  role: { roleId: string; title: string },
): Assignment {
  return {
    id: a.id,
    userId: a.userId,
    userEmail: user.email,
    userName: user.name,
    roleId: role.roleId,
    roleTitle: role.title,
    badgeResourceAddress: a.badgeResourceAddress,
    badgeLocalId: a.badgeLocalId,
    assignedDate: a.assignedDate.toISOString(),
    expiresAt: a.expiresAt?.toISOString() ?? null,
    isActive: a.isActive,
    conditions: a.conditions,
  };
}

/** Active, unexpired assignments (SPEC §4: only active ones are listed). */
export async function listAssignments(db: Db, now = new Date()): Promise<Assignment[]> {
  const rows = await db
    .select({
      a: roleAssignments,
      user: { email: users.email, name: users.name },
      role: { roleId: roles.roleId, title: roles.title },
    })
    .from(roleAssignments)
    .innerJoin(users, eq(users.id, roleAssignments.userId))
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(eq(roleAssignments.isActive, true))
    .orderBy(roleAssignments.assignedDate);
  return rows
    .filter((r) => r.a.expiresAt === null || r.a.expiresAt > now)
    .map((r) => assignmentDto(r.a, r.user, r.role));
}

export async function searchUsers(db: Db, q: string | undefined): Promise<UserSummary[]> {
  const term = q?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined)
    .orderBy(users.name)
    .limit(50);
}

/**
 * Assigns a role. Refused: unknown user or role (404), assigning oneself or a role above
 * one's own level (403), expiry in the past (422), an active assignment of the same role
 * (409). Into a dual-control department it opens an approval for two other approvers
 * instead (applied by `applyAssignmentApproval`).
 */
export async function assignRole(
  db: Db,
  input: AssignRole,
  actorId: string,
  audit: AuditCtx,
  mode: BadgeMode,
  now = new Date(),
): Promise<AssignResult> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new AppError(422, 'EXPIRY_IN_PAST', 'Expiry must be in the future');
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(input.userId ? eq(users.id, input.userId) : eq(users.email, input.email!.toLowerCase()));
    if (!user) throw notFound('User not found');
    const [found] = await tx
      .select({ role: roles, department: departments })
      .from(roles)
      .leftJoin(departments, eq(departments.id, roles.departmentId))
      .where(UUID.test(input.roleId) ? eq(roles.id, input.roleId) : eq(roles.roleId, input.roleId));
    if (!found) throw notFound('Role not found');
    const { role, department } = found;
    if (user.id === actorId) throw forbidden('You cannot assign a role to yourself');
    const level = await userLevel(tx, actorId, now);
    if (level < role.level)
      throw forbidden(`Assigning ${role.title} needs role level ${role.level} (yours is ${level})`);
    const [active] = await tx
      .select({ id: roleAssignments.id, expiresAt: roleAssignments.expiresAt })
      .from(roleAssignments)
      .where(
        and(
          eq(roleAssignments.userId, user.id),
          eq(roleAssignments.roleId, role.id),
          eq(roleAssignments.isActive, true),
        ),
      );
    if (active && (active.expiresAt === null || active.expiresAt > now))
      throw conflict(`${user.email} already holds ${role.title}`);
    const values = {
      userId: user.id,
      roleId: role.id,
      expiresAt: expiresAt?.toISOString() ?? null,
      conditions: input.conditions ?? {},
      assignedBy: actorId,
    };
    if (department?.requiresDualControl) {
      const approval = await requestApproval(
        tx,
        {
          kind: 'access.assignment',
          payload: values,
          summary: `Assign ${role.title} to ${user.email} (${department.name}, dual control)`,
          requestedBy: actorId,
          requiredApprovers: 2,
          minApproverLevel: role.level,
        },
        now,
      );
      await recordAudit(tx, {
        ...audit,
        action: 'access.assignment.request',
        subjectType: 'approval',
        subjectId: approval.id,
        after: { ...values, requiredApprovers: 2 },
      });
      return { status: 'pending_approval' as const, assignment: null, approvalId: approval.id, requiredApprovers: 2 };
    }
    const assignment = await insertAssignment(tx, values, audit, mode);
    return { status: 'assigned' as const, assignment, approvalId: null, requiredApprovers: 0 };
  });
  if (result.assignment) forgetPermissions(db, result.assignment.userId);
  return result;
}

export interface AssignmentValues {
  userId: string;
  roleId: string;
  expiresAt: string | null;
  conditions: Record<string, unknown>;
  assignedBy: string;
}

/**
 * Writes an assignment and, in simulation mode, the role badge that proves it (decision 0042):
 * the badge's resource address and local id are the assignment's. Without simulation the
 * assignment carries no badge until one is minted on a ledger.
 */
export async function insertAssignment(
  tx: Tx,
  values: AssignmentValues,
  audit: AuditCtx,
  mode: BadgeMode,
): Promise<Assignment> {
  const [inserted] = await tx
    .insert(roleAssignments)
    .values({ ...values, expiresAt: values.expiresAt ? new Date(values.expiresAt) : null })
    .returning();
  const [user] = await tx.select().from(users).where(eq(users.id, values.userId));
  const [role] = await tx.select().from(roles).where(eq(roles.id, values.roleId));
  let row = inserted!;
  if (mode.simulation) {
    const badge = await issueBadge(
      tx,
      {
        userId: values.userId,
        assignmentId: row.id,
        roleSlug: role!.roleId,
        badgeType: 'role_assignment',
        roleName: role!.title,
        description: `${role!.title} assigned on Meridian`,
        createdBy: values.assignedBy,
      },
      mode,
      audit,
    );
    const [withBadge] = await tx
      .update(roleAssignments)
      .set({ badgeResourceAddress: badge.resourceAddress, badgeLocalId: badge.localId })
      .where(eq(roleAssignments.id, row.id))
      .returning();
    row = withBadge!;
  }
  const dto = assignmentDto(row!, user!, role!);
  await recordAudit(tx, {
    ...audit,
    action: 'access.assignment.create',
    subjectType: 'role_assignment',
    subjectId: dto.id,
    after: dto,
  });
  return dto;
}

/** Revokes (deactivates) an assignment; 404 unknown, 409 already inactive, 403 one's own. */
export async function revokeAssignment(db: Db, id: string, actorId: string, audit: AuditCtx): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(roleAssignments).where(eq(roleAssignments.id, id)).for('update');
    if (!row) throw notFound('Assignment not found');
    if (row.userId === actorId) throw forbidden('You cannot revoke your own assignment');
    if (!row.isActive) throw conflict('This assignment is already revoked');
    await tx.update(roleAssignments).set({ isActive: false }).where(eq(roleAssignments.id, id));
    await recordAudit(tx, {
      ...audit,
      action: 'access.assignment.revoke',
      subjectType: 'role_assignment',
      subjectId: id,
      before: { isActive: true, userId: row.userId, roleId: row.roleId },
      after: { isActive: false },
    });
    return row.userId;
  });
  forgetPermissions(db, userId);
}
