import { fromMinorUnits, type MyPermissions, type PermissionEntry, type PermissionSource } from '@meridian/schemas';
import type { Db } from '../../db/client';
import type { permissions } from '../../db/schema';
import { directHoldings, elevationHoldings, findPermission, roleHoldings } from './queries';
import { decidePermission, type PermissionCandidate, type PermissionDecision, roleAmountLimit } from './resolve';

/**
 * Every active way the user holds `permissionId`, with the instants at which any of them
 * lapses (assignment/grant expiry, elevation end) so a cache can stop trusting them then.
 */
export async function loadCandidates(
  db: Db,
  userId: string,
  permissionId: string,
  now = new Date(),
): Promise<{ candidates: PermissionCandidate[]; expiries: Date[] }> {
  const permission = await findPermission(db, permissionId);
  if (!permission) return { candidates: [], expiries: [] };
  const [viaRoles, direct, elevated] = await Promise.all([
    roleHoldings(db, userId, now, permission.id),
    directHoldings(db, userId, now, permission.id),
    elevationHoldings(db, userId, now, permission.id),
  ]);
  const candidates: PermissionCandidate[] = [
    // A role grants the catalogue's per-action cap, lowered by the role's own limit; explicit
    // grants carry their own limit.
    ...viaRoles.map((r) => ({
      source: 'role_based' as const,
      limit: roleAmountLimit(permission.maxAmount, r.role.amountLimit),
      conditions: r.assignment.conditions,
    })),
    ...direct.map((d) => ({
      source: 'direct_grant' as const,
      limit: d.grant.amountLimit,
      conditions: d.grant.conditions,
    })),
    ...elevated.map((e) => ({ source: 'temp_elevation' as const, limit: e.elevation.amountLimit, conditions: {} })),
  ];
  const expiries = [
    ...viaRoles.map((r) => r.assignment.expiresAt),
    ...direct.map((d) => d.grant.expiresAt),
    ...elevated.map((e) => e.elevation.effectiveUntil),
  ].filter((d): d is Date => d !== null);
  return { candidates, expiries };
}

/** Whether the user may perform `permissionId` (for `amount` hundredths, when given) right now. */
export async function checkPermission(
  db: Db,
  userId: string,
  permissionId: string,
  amount?: bigint,
  now = new Date(),
): Promise<PermissionDecision> {
  return decidePermission((await loadCandidates(db, userId, permissionId, now)).candidates, amount);
}

type PermissionRow = typeof permissions.$inferSelect;

function entry(
  p: PermissionRow,
  source: PermissionSource,
  limit: bigint | null,
  conditions: Record<string, unknown>,
  expiresAt: Date | null,
): PermissionEntry {
  return {
    permissionId: p.permissionId,
    name: p.name,
    category: p.category,
    riskLevel: p.riskLevel,
    source,
    maxAmount: limit === null ? null : fromMinorUnits(limit),
    conditions,
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}

const money = (v: bigint | null) => (v === null ? null : fromMinorUnits(v));

/** Everything the user currently holds, grouped by source (SPEC §3 my-permissions). */
export async function listMyPermissions(db: Db, userId: string, now = new Date()): Promise<MyPermissions> {
  const [viaRoles, direct, elevated] = await Promise.all([
    roleHoldings(db, userId, now),
    directHoldings(db, userId, now),
    elevationHoldings(db, userId, now),
  ]);
  return {
    rolePermissions: viaRoles.map(({ permission, assignment, role }) => ({
      permission: entry(
        permission,
        'role_based',
        roleAmountLimit(permission.maxAmount, role.amountLimit),
        assignment.conditions,
        assignment.expiresAt,
      ),
      assignment: {
        id: assignment.id,
        roleId: role.roleId,
        roleTitle: role.title,
        conditions: assignment.conditions,
        expiresAt: assignment.expiresAt?.toISOString() ?? null,
      },
    })),
    directPermissions: direct.map(({ permission, grant }) => ({
      permission: entry(permission, 'direct_grant', grant.amountLimit, grant.conditions, grant.expiresAt),
      grant: {
        id: grant.id,
        amountLimit: money(grant.amountLimit),
        conditions: grant.conditions,
        expiresAt: grant.expiresAt?.toISOString() ?? null,
      },
    })),
    tempElevations: elevated.map(({ permission, elevation }) => ({
      permission: entry(permission, 'temp_elevation', elevation.amountLimit, {}, elevation.effectiveUntil),
      elevation: {
        id: elevation.id,
        effectiveUntil: elevation.effectiveUntil.toISOString(),
        amountLimit: money(elevation.amountLimit),
      },
    })),
  };
}
