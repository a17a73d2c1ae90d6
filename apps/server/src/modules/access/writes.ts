import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permissionGrants, roleAssignments, roles, tempElevations } from '../../db/schema';
import { forgetPermissions } from './decision-cache';

// Every change to who holds what goes through here so the request-path caches forget it
// (decision-cache.ts, auth/session-cache.ts) in the same breath as the commit.

/** Deactivates the user's assignments of the given role slugs; returns how many changed. */
export async function revokeRoles(db: Db, userId: string, roleSlugs: string[]): Promise<number> {
  const roleRows = await db.select({ id: roles.id }).from(roles).where(inArray(roles.roleId, roleSlugs));
  if (roleRows.length === 0) return 0;
  const changed = await db
    .update(roleAssignments)
    .set({ isActive: false })
    .where(
      and(
        eq(roleAssignments.userId, userId),
        inArray(
          roleAssignments.roleId,
          roleRows.map((r) => r.id),
        ),
      ),
    )
    .returning({ id: roleAssignments.id });
  forgetPermissions(db, userId);
  return changed.length;
}

/** Revokes a direct grant now. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  const [row] = await db
    .update(permissionGrants)
    .set({ revokedAt: new Date() })
    .where(eq(permissionGrants.id, grantId))
    .returning({ userId: permissionGrants.userId });
  if (row) forgetPermissions(db, row.userId);
}

/** Ends a temporary elevation now. */
export async function endElevation(db: Db, elevationId: string): Promise<void> {
  const [row] = await db
    .update(tempElevations)
    .set({ effectiveUntil: new Date() })
    .where(eq(tempElevations.id, elevationId))
    .returning({ userId: tempElevations.userId });
  if (row) forgetPermissions(db, row.userId);
}
