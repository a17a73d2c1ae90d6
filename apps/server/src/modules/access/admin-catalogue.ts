import {
  type CreateDepartment,
  type CreateRole,
  type Department,
  fromMinorUnits,
  type Role,
  type SystemPermission,
  toMinorUnits,
} from '@meridian/schemas';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, permissions, rolePermissions, roles } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import type { AuditEntry } from '../audit/record';
import { auditInsertCte, recordAudit } from '../audit/record';
import { forgetPermissions } from './decision-cache';

export type AuditCtx = Omit<AuditEntry, 'action'>;

type DepartmentRow = typeof departments.$inferSelect;
export const departmentDto = (d: DepartmentRow): Department => ({
  id: d.id,
  name: d.name,
  code: d.code,
  budgetAuthority: fromMinorUnits(d.budgetAuthority),
  complianceLevel: d.complianceLevel,
  requiresDualControl: d.requiresDualControl,
});

export async function listDepartments(db: Db): Promise<Department[]> {
  return (await db.select().from(departments).orderBy(departments.name)).map(departmentDto);
}

/**
 * The department and its audit row in ONE statement (the audit append as a CTE, as the order
 * batch does): one round trip after the code check, and no explicit transaction — the
 * statement is atomic, so a refused insert leaves no audit row (decision 0061).
 */
export async function createDepartment(db: Db, input: CreateDepartment, audit: AuditCtx): Promise<Department> {
  const code = input.code.toUpperCase();
  const codeTaken = async () =>
    (await db.select({ id: departments.id }).from(departments).where(eq(departments.code, code))).length > 0;
  if (await codeTaken()) throw conflict(`A department with code ${code} already exists`);
  const row: DepartmentRow = {
    id: randomUUID(),
    name: input.name,
    code,
    budgetAuthority: toMinorUnits(input.budgetAuthority)!,
    complianceLevel: input.complianceLevel ?? 'standard',
    requiresDualControl: input.requiresDualControl ?? false,
    createdAt: new Date(),
  };
  const dto = departmentDto(row);
  const auditRows = auditInsertCte([
    { ...audit, action: 'access.department.create', subjectType: 'department', subjectId: dto.id, after: dto },
  ])!;
  try {
    await db.execute(sql`with ${auditRows}
      insert into departments (id, name, code, budget_authority, compliance_level, requires_dual_control, created_at)
      values (${row.id}, ${row.name}, ${row.code}, ${row.budgetAuthority.toString()}::bigint, ${row.complianceLevel},
        ${row.requiresDualControl}::boolean, ${row.createdAt.toISOString()}::timestamptz)`);
  } catch (error) {
    // Lost a race for the code (unique): the same answer as the check above.
    if (await codeTaken()) throw conflict(`A department with code ${code} already exists`);
    throw error;
  }
  return dto;
}

export async function listRoles(db: Db): Promise<Role[]> {
  const rows = await db
    .select({ role: roles, departmentName: departments.name })
    .from(roles)
    .leftJoin(departments, eq(departments.id, roles.departmentId))
    .orderBy(roles.level, roles.title);
  const links = await db
    .select({ roleId: rolePermissions.roleId, permissionId: permissions.permissionId })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
  return rows.map(({ role, departmentName }) =>
    roleDto(
      role,
      departmentName,
      links.filter((l) => l.roleId === role.id).map((l) => l.permissionId),
    ),
  );
}

type RoleRow = typeof roles.$inferSelect;
const roleDto = (role: RoleRow, departmentName: string | null, basePermissions: string[]): Role => ({
  id: role.id,
  roleId: role.roleId,
  title: role.title,
  level: role.level,
  departmentId: role.departmentId,
  departmentName,
  basePermissions,
  approvalAuthority: role.approvalAuthority,
  requiresSupervision: role.requiresSupervision,
  amountLimit: role.amountLimit === null ? null : fromMinorUnits(role.amountLimit),
});

export async function createRole(db: Db, input: CreateRole, audit: AuditCtx): Promise<Role> {
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleId, input.roleId));
    if (existing) throw conflict(`A role with id ${input.roleId} already exists`);
    const [department] = await tx.select().from(departments).where(eq(departments.id, input.departmentId));
    if (!department) throw notFound('Department not found');
    const wanted = input.basePermissions ?? [];
    const perms = wanted.length
      ? await tx.select().from(permissions).where(inArray(permissions.permissionId, wanted))
      : [];
    const unknown = wanted.filter((w) => !perms.some((p) => p.permissionId === w));
    if (unknown.length) throw new AppError(404, 'NOT_FOUND', `Unknown permission(s): ${unknown.join(', ')}`);
    const [role] = await tx
      .insert(roles)
      .values({
        roleId: input.roleId,
        title: input.title,
        level: input.level ?? 5,
        departmentId: department.id,
        approvalAuthority: input.approvalAuthority ?? {},
        amountLimit:
          input.amountLimit === undefined || input.amountLimit === null ? null : toMinorUnits(input.amountLimit),
      })
      .returning();
    if (perms.length)
      await tx.insert(rolePermissions).values(perms.map((p) => ({ roleId: role!.id, permissionId: p.id })));
    const dto = roleDto(
      role!,
      department.name,
      perms.map((p) => p.permissionId),
    );
    await recordAudit(tx, {
      ...audit,
      action: 'access.role.create',
      subjectType: 'role',
      subjectId: dto.id,
      after: dto,
    });
    return dto;
  });
  forgetPermissions(db);
  return result;
}

export async function listSystemPermissions(db: Db): Promise<SystemPermission[]> {
  const rows = await db.select().from(permissions).orderBy(permissions.category, permissions.name);
  return rows.map((p) => ({
    id: p.id,
    permissionId: p.permissionId,
    name: p.name,
    description: p.description,
    category: p.category,
    riskLevel: p.riskLevel,
    maxAmount: p.maxAmount === null ? null : fromMinorUnits(p.maxAmount),
    requiresMultiSig: p.requiresMultiSig,
  }));
}
