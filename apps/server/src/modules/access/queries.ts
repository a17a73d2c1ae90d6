import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  permissionGrants,
  permissions,
  roleAssignments,
  rolePermissions,
  roles,
  tempElevations,
} from '../../db/schema';

const assignmentActive = (now: Date) =>
  and(eq(roleAssignments.isActive, true), or(isNull(roleAssignments.expiresAt), gt(roleAssignments.expiresAt, now)));
const grantActive = (now: Date) =>
  and(isNull(permissionGrants.revokedAt), or(isNull(permissionGrants.expiresAt), gt(permissionGrants.expiresAt, now)));
const elevationActive = (now: Date) =>
  and(lte(tempElevations.effectiveFrom, now), gt(tempElevations.effectiveUntil, now));

/** Slugs of the roles a user holds through active, unexpired assignments. */
export async function activeRoleSlugs(db: Db, userId: string, now = new Date()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ roleId: roles.roleId })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(and(eq(roleAssignments.userId, userId), assignmentActive(now)));
  return rows.map((r) => r.roleId).sort();
}

export async function findPermission(db: Db, permissionId: string) {
  const [row] = await db.select().from(permissions).where(eq(permissions.permissionId, permissionId));
  return row;
}

/** Active role assignments that carry the permission (by catalogue row id), or all of them. */
export async function roleHoldings(db: Db, userId: string, now: Date, permissionRowId?: string) {
  return db
    .select({ permission: permissions, assignment: roleAssignments, role: roles })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roleAssignments.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(
      and(
        eq(roleAssignments.userId, userId),
        assignmentActive(now),
        permissionRowId ? eq(permissions.id, permissionRowId) : undefined,
      ),
    )
    .orderBy(permissions.permissionId, roles.roleId);
}

export async function directHoldings(db: Db, userId: string, now: Date, permissionRowId?: string) {
  return db
    .select({ permission: permissions, grant: permissionGrants })
    .from(permissionGrants)
    .innerJoin(permissions, eq(permissions.id, permissionGrants.permissionId))
    .where(
      and(
        eq(permissionGrants.userId, userId),
        grantActive(now),
        permissionRowId ? eq(permissions.id, permissionRowId) : undefined,
      ),
    )
    .orderBy(permissions.permissionId);
}

export async function elevationHoldings(db: Db, userId: string, now: Date, permissionRowId?: string) {
  return db
    .select({ permission: permissions, elevation: tempElevations })
    .from(tempElevations)
    .innerJoin(permissions, eq(permissions.id, tempElevations.permissionId))
    .where(
      and(
        eq(tempElevations.userId, userId),
        elevationActive(now),
        permissionRowId ? eq(permissions.id, permissionRowId) : undefined,
      ),
    )
    .orderBy(permissions.permissionId);
}
