import { createHash } from 'node:crypto';
import type { RoleBadge } from '@meridian/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roleAssignments, roleBadges, roles } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { recordAudit } from '../audit/record';
import type { AuditCtx } from './admin-catalogue';

/** How badges are made: simulated by the platform (the default) or minted on a ledger. */
export interface BadgeMode {
  simulation: boolean;
}

/** SPEC §3 badge metadata constants. */
export const BADGE_PLATFORM = 'Meridian';
export const BADGE_VERSION = '1.0';
export const SIMULATED_NETWORK = 'simulation';
/**
 * Resource addresses of the simulated badge collections: one per badge type, as on a ledger
 * where every badge of a collection shares its resource and differs by its local id. The
 * `_sim_` prefix keeps them from ever being read as ledger addresses.
 */
export const SIMULATED_RESOURCES = {
  stakeholder_access: 'resource_sim_meridian_stakeholder_badge',
  role_assignment: 'resource_sim_meridian_role_badge',
} as const;

/** SPEC §8: what the landing shows when a badge cannot be made. */
export const BADGE_FAILED = 'Failed to create digital role badge on blockchain';

type BadgeRow = typeof roleBadges.$inferSelect;

export function badgeDto(row: BadgeRow): RoleBadge {
  const metadata = row.metadata as RoleBadge['metadata'];
  return {
    id: row.id,
    resourceAddress: row.resourceAddress,
    localId: row.localId,
    badgeType: row.badgeType,
    roleId: row.roleId,
    assignmentId: row.assignmentId,
    metadata,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The local id of a badge: a RUID (Radix's 32-byte non-fungible id form, `{16-16-16-16}` hex)
 * derived from the badge row id, so it is unique with the row and reproducible from it.
 */
export function badgeLocalId(badgeId: string): string {
  const hex = createHash('sha256').update(badgeId).digest('hex');
  return `{${hex.slice(0, 16)}-${hex.slice(16, 32)}-${hex.slice(32, 48)}-${hex.slice(48, 64)}}`;
}

export interface BadgeInput {
  userId: string;
  assignmentId: string;
  roleSlug: string;
  badgeType: BadgeRow['badgeType'];
  roleName: string;
  description: string;
  accountAddress?: string | null;
  createdBy: string | null;
}

/**
 * Issues a badge for a role assignment inside the caller's transaction, with its audit row.
 * Simulation mode records it as `simulated`. Without simulation there is no ledger gateway
 * or badge component this server can sign for (decision 0042), so it refuses with 503 and
 * writes nothing rather than pretend a mint happened.
 */
export async function issueBadge(
  tx: Tx,
  input: BadgeInput,
  mode: BadgeMode,
  audit: AuditCtx,
  now = new Date(),
): Promise<RoleBadge> {
  if (!mode.simulation) throw new AppError(503, 'LEDGER_UNAVAILABLE', BADGE_FAILED);
  const id = crypto.randomUUID();
  const [row] = await tx
    .insert(roleBadges)
    .values({
      id,
      userId: input.userId,
      assignmentId: input.assignmentId,
      roleId: input.roleSlug,
      badgeType: input.badgeType,
      resourceAddress: SIMULATED_RESOURCES[input.badgeType],
      localId: badgeLocalId(id),
      metadata: {
        roleName: input.roleName,
        description: input.description,
        connectedAt: now.toISOString(),
        platform: BADGE_PLATFORM,
        blockchainNetwork: SIMULATED_NETWORK,
        badgeVersion: BADGE_VERSION,
      },
      status: 'simulated',
      accountAddress: input.accountAddress ?? null,
      createdBy: input.createdBy,
      createdAt: now,
    })
    .returning();
  const dto = badgeDto(row!);
  await recordAudit(tx, {
    ...audit,
    action: 'access.badge.create',
    subjectType: 'role_badge',
    subjectId: dto.id,
    after: { ...dto, userId: input.userId, accountAddress: input.accountAddress ?? null },
  });
  return dto;
}

export interface CreateBadgeRequest {
  roleId: string;
  badgeType: BadgeRow['badgeType'];
  roleName: string;
  description: string;
  accountAddress?: string | null;
}

/**
 * POST /api/radix/create-badge: a stakeholder badge for a role the caller holds (an active,
 * unexpired assignment), linked to that assignment. A role the caller does not hold is
 * refused (403): nobody grants themselves anything. The same assignment answers the badge it
 * already has, so reconnecting does not mint again.
 */
export async function createStakeholderBadge(
  db: Db,
  userId: string,
  input: CreateBadgeRequest,
  mode: BadgeMode,
  audit: AuditCtx,
  now = new Date(),
): Promise<RoleBadge> {
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ assignment: roleAssignments, title: roles.title })
      .from(roleAssignments)
      .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
      .where(
        and(eq(roleAssignments.userId, userId), eq(roles.roleId, input.roleId), eq(roleAssignments.isActive, true)),
      )
      .for('update', { of: roleAssignments });
    const assignment = held.find((h) => h.assignment.expiresAt === null || h.assignment.expiresAt > now);
    if (!assignment) throw forbidden(`You do not hold the ${input.roleName} role`);
    const [existing] = await tx
      .select()
      .from(roleBadges)
      .where(and(eq(roleBadges.assignmentId, assignment.assignment.id), eq(roleBadges.badgeType, input.badgeType)));
    if (existing) return badgeDto(existing);
    return issueBadge(
      tx,
      {
        userId,
        assignmentId: assignment.assignment.id,
        roleSlug: input.roleId,
        badgeType: input.badgeType,
        roleName: input.roleName,
        description: input.description,
        accountAddress: input.accountAddress,
        createdBy: userId,
      },
      mode,
      audit,
      now,
    );
  });
}

/** Every badge issued to the user (role_badges), newest first. */
export async function listMyBadges(db: Db, userId: string): Promise<RoleBadge[]> {
  const rows = await db
    .select()
    .from(roleBadges)
    .where(eq(roleBadges.userId, userId))
    .orderBy(desc(roleBadges.createdAt));
  return rows.map(badgeDto);
}
