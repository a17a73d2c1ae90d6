import type { ElevationRequest, ElevationResult, RequestElevation } from '@meridian/schemas';
import { and, desc, eq, inArray, lte, min } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  approvalDecisions,
  approvals,
  elevationRequests,
  permissions,
  rolePermissions,
  roles,
  tempElevations,
  users,
} from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/record';
import type { AuditCtx } from './admin-catalogue';
import { requestApproval, userLevel } from './approvals';
import { forgetPermissions } from './decision-cache';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long an elevation of `duration` `unit`s lasts, in milliseconds. */
export function durationMs(duration: number, unit: 'hours' | 'minutes'): number {
  return duration * (unit === 'minutes' ? MINUTE : HOUR);
}

/** "4 h" / "1 min": the duration as the approval summary and audit say it. */
function durationWords(duration: number, unit: 'hours' | 'minutes'): string {
  return `${duration} ${unit === 'minutes' ? 'min' : 'h'}`;
}
type RequestRow = typeof elevationRequests.$inferSelect;

/** The level of a permission: the lowest level among roles that carry it (10 if none does). */
async function permissionLevel(tx: Tx, permissionRowId: string): Promise<number> {
  const [row] = await tx
    .select({ level: min(roles.level) })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(rolePermissions.permissionId, permissionRowId));
  return row?.level ?? 10;
}

export async function listElevationRequests(db: Db, onlyUserId?: string): Promise<ElevationRequest[]> {
  const rows = await db
    .select({ r: elevationRequests, permissionId: permissions.permissionId, email: users.email })
    .from(elevationRequests)
    .innerJoin(permissions, eq(permissions.id, elevationRequests.permissionId))
    .innerJoin(users, eq(users.id, elevationRequests.userId))
    .where(onlyUserId ? eq(elevationRequests.userId, onlyUserId) : undefined)
    .orderBy(desc(elevationRequests.createdAt))
    .limit(200);
  const ids = rows.map((r) => r.r.id);
  const approvalRows = ids.length
    ? await db
        .select()
        .from(approvals)
        .where(and(eq(approvals.kind, 'access.elevation'), inArray(approvals.subjectId, ids)))
    : [];
  const decisions = approvalRows.length
    ? await db
        .select()
        .from(approvalDecisions)
        .where(
          inArray(
            approvalDecisions.approvalId,
            approvalRows.map((a) => a.id),
          ),
        )
    : [];
  return rows.map(({ r, permissionId, email }) => {
    const approval = approvalRows.find((a) => a.subjectId === r.id);
    return toDto(
      r,
      permissionId,
      email,
      approval ?? null,
      decisions.filter((d) => d.approvalId === approval?.id && d.decision === 'approve').length,
    );
  });
}

function toDto(
  r: RequestRow,
  permissionId: string,
  email: string,
  approval: { id: string; requiredApprovers: number } | null,
  approvalsCount: number,
): ElevationRequest {
  return {
    id: r.id,
    userId: r.userId,
    userEmail: email,
    permissionId,
    requestReason: r.requestReason,
    justification: r.justification,
    requestedDuration: r.requestedDuration,
    requestedDurationUnit: r.durationUnit,
    urgencyLevel: r.urgencyLevel,
    status: r.status,
    approvalId: approval?.id ?? null,
    approvals: approvalsCount,
    requiredApprovers: approval?.requiredApprovers ?? 0,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Self-service (granted at once) only for a low-risk permission within the requester's
 * own role level; otherwise pending with an approval for one approver (two when the
 * permission requires multi-signature) at or above the permission's level.
 */
export async function requestElevation(
  db: Db,
  input: RequestElevation,
  user: { id: string; email: string },
  audit: AuditCtx,
  now = new Date(),
): Promise<ElevationResult> {
  const result = await db.transaction(async (tx) => {
    const [permission] = await tx.select().from(permissions).where(eq(permissions.permissionId, input.permissionId));
    if (!permission) throw notFound(`Unknown permission: ${input.permissionId}`);
    const [open] = await tx
      .select({ id: elevationRequests.id })
      .from(elevationRequests)
      .where(
        and(
          eq(elevationRequests.userId, user.id),
          eq(elevationRequests.permissionId, permission.id),
          eq(elevationRequests.status, 'pending'),
        ),
      );
    if (open) throw conflict(`You already have a pending request for ${permission.permissionId}`);
    const [level, requesterLevel] = await Promise.all([
      permissionLevel(tx, permission.id),
      userLevel(tx, user.id, now),
    ]);
    const duration = input.requestedDuration ?? 4;
    const unit = input.requestedDurationUnit ?? 'hours';
    const selfService = permission.riskLevel === 'low' && level <= requesterLevel;
    const [request] = await tx
      .insert(elevationRequests)
      .values({
        userId: user.id,
        permissionId: permission.id,
        requestReason: input.requestReason,
        justification: input.justification,
        requestedDuration: duration,
        durationUnit: unit,
        urgencyLevel: input.urgencyLevel ?? 'medium',
        status: selfService ? 'approved' : 'pending',
        decidedAt: selfService ? now : null,
        createdAt: now,
      })
      .returning();
    if (selfService) {
      const effectiveUntil = new Date(now.getTime() + durationMs(duration, unit));
      await tx.insert(tempElevations).values({
        userId: user.id,
        permissionId: permission.id,
        requestId: request!.id,
        effectiveFrom: now,
        effectiveUntil,
      });
      await recordAudit(tx, {
        ...audit,
        authorisedBy: 'policy: low-risk self-service within role level',
        action: 'access.elevation.grant',
        subjectType: 'elevation_request',
        subjectId: request!.id,
        after: { permissionId: permission.permissionId, effectiveUntil: effectiveUntil.toISOString() },
      });
      return {
        granted: true,
        request: toDto(request!, permission.permissionId, user.email, null, 0),
        effectiveUntil: effectiveUntil.toISOString(),
      };
    }
    const requiredApprovers = permission.requiresMultiSig ? 2 : 1;
    const approval = await requestApproval(
      tx,
      {
        kind: 'access.elevation',
        subjectId: request!.id,
        summary: `${user.email} requests ${permission.permissionId} for ${durationWords(duration, unit)}`,
        requestedBy: user.id,
        requiredApprovers,
        minApproverLevel: level,
      },
      now,
    );
    await recordAudit(tx, {
      ...audit,
      action: 'access.elevation.request',
      subjectType: 'elevation_request',
      subjectId: request!.id,
      after: {
        permissionId: permission.permissionId,
        requestedDuration: duration,
        requestedDurationUnit: unit,
        requiredApprovers,
      },
    });
    return {
      granted: false,
      request: toDto(request!, permission.permissionId, user.email, approval, 0),
      effectiveUntil: null,
    };
  });
  if (result.granted) forgetPermissions(db, user.id);
  return result;
}

/** Applies a completed elevation approval: the temporary elevation starts now. */
export async function applyElevation(tx: Tx, requestId: string, approverId: string, now: Date): Promise<string> {
  const [request] = await tx
    .update(elevationRequests)
    .set({ status: 'approved', decidedBy: approverId, decidedAt: now })
    .where(eq(elevationRequests.id, requestId))
    .returning();
  await tx.insert(tempElevations).values({
    userId: request!.userId,
    permissionId: request!.permissionId,
    requestId,
    effectiveFrom: now,
    effectiveUntil: new Date(now.getTime() + durationMs(request!.requestedDuration, request!.durationUnit)),
    grantedBy: approverId,
  });
  return request!.userId;
}

export async function closeElevation(
  tx: Tx,
  requestId: string,
  status: 'rejected' | 'expired',
  by: string | null,
  now: Date,
) {
  await tx
    .update(elevationRequests)
    .set({ status, decidedBy: by, decidedAt: now })
    .where(and(eq(elevationRequests.id, requestId), eq(elevationRequests.status, 'pending')));
}

/** Approved requests whose elevation has ended become 'expired'; returns their ids. */
export async function expireEndedElevations(tx: Tx, now: Date): Promise<string[]> {
  const ended = await tx
    .select({ requestId: tempElevations.requestId })
    .from(tempElevations)
    .innerJoin(elevationRequests, eq(elevationRequests.id, tempElevations.requestId))
    .where(and(eq(elevationRequests.status, 'approved'), lte(tempElevations.effectiveUntil, now)));
  const ids = ended.map((e) => e.requestId!).filter(Boolean);
  if (ids.length)
    await tx.update(elevationRequests).set({ status: 'expired' }).where(inArray(elevationRequests.id, ids));
  return ids;
}
