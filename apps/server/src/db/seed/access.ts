import { inArray, sql } from 'drizzle-orm';
import { SYSTEM_DEPARTMENTS, SYSTEM_PERMISSIONS, SYSTEM_ROLES } from '../../modules/access/catalogue';
import type { Db } from '../client';
import { departments, permissions, rolePermissions, roles } from '../schema';

/** Keeps the permission catalogue, departments, system roles and their base permissions in sync. */
export async function seedAccessCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(SYSTEM_PERMISSIONS.map((p) => ({ ...p, maxAmount: p.maxAmount ?? null })))
      .onConflictDoUpdate({
        target: permissions.permissionId,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          category: sql`excluded.category`,
          riskLevel: sql`excluded.risk_level`,
          maxAmount: sql`excluded.max_amount`,
          requiresMultiSig: sql`excluded.requires_multi_sig`,
        },
      });
    const depts = await tx
      .insert(departments)
      .values(SYSTEM_DEPARTMENTS.map((d) => ({ ...d })))
      .onConflictDoUpdate({ target: departments.code, set: { name: sql`excluded.name` } })
      .returning({ id: departments.id, code: departments.code });
    const deptId = new Map(depts.map((d) => [d.code, d.id]));
    const roleRows = await tx
      .insert(roles)
      .values(
        SYSTEM_ROLES.map((r) => ({
          roleId: r.roleId,
          title: r.title,
          level: r.level,
          departmentId: deptId.get(r.departmentCode) ?? null,
          requiresSupervision: r.requiresSupervision,
        })),
      )
      .onConflictDoUpdate({ target: roles.roleId, set: { title: sql`excluded.title` } })
      .returning({ id: roles.id, roleId: roles.roleId });
    const catalogue = await tx
      .select({ id: permissions.id, permissionId: permissions.permissionId })
      .from(permissions)
      .where(
        inArray(
          permissions.permissionId,
          SYSTEM_PERMISSIONS.map((p) => p.permissionId),
        ),
      );
    const permId = new Map(catalogue.map((p) => [p.permissionId, p.id]));
    const links = roleRows.flatMap((role) => {
      const def = SYSTEM_ROLES.find((r) => r.roleId === role.roleId)!;
      const ids = def.permissions === 'all' ? [...permId.keys()] : def.permissions;
      return ids.map((pid) => ({ roleId: role.id, permissionId: permId.get(pid)! }));
    });
    await tx.insert(rolePermissions).values(links).onConflictDoNothing();
  });
}
