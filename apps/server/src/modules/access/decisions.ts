import type { Approval } from '@meridian/schemas';
import { and, desc, eq, inArray, like, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalDecisions, approvals, roleAssignments, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit/record';
import type { AuditCtx } from './admin-catalogue';
import { type ApprovalRow, decideApproval, expireApprovals } from './approvals';
import { approverOf, refusalFor } from './approver-scope';
import { type AssignmentValues, insertAssignment } from './assignments';
import type { BadgeMode } from './badges';
import { forgetPermissions } from './decision-cache';
import { applyElevation, closeElevation, expireEndedElevations } from './elevations';
import { applySupervision, SUPERVISION_KIND } from './supervision';

/** Kinds this module opens and applies; other modules' approvals carry their own prefix. */
const ACCESS_KINDS = 'access.';

/**
 * One approver's yes or no on an approval, applying the change when it completes — all in
 * one transaction with its audit row. Other modules (e.g. custody multi-sig) open approvals
 * with `requestApproval` and read their status; only access kinds are applied here.
 */
export async function decide(
  db: Db,
  approvalId: string,
  approverId: string,
  decision: 'approve' | 'reject',
  comment: string | undefined,
  audit: AuditCtx,
  mode: BadgeMode,
  now = new Date(),
): Promise<Approval> {
  // Read before the transaction: what the approver holds decides what they may decide.
  const approver = await approverOf(db, approverId, now);
  const { outcome, affectedUser } = await db.transaction(async (tx) => {
    const outcome = await decideApproval(tx, approvalId, approverId, decision, comment, now);
    const { approval } = outcome;
    // Other modules' approvals (custody withdrawals) are decided where they apply them.
    if (!approval.kind.startsWith(ACCESS_KINDS)) throw notFound('Approval request not found');
    // The same rule as the pending list (decision 0078); throwing undoes the decision just recorded.
    const refusal = refusalFor(approval, approver);
    if (refusal) throw forbidden(refusal);
    let affectedUser: string | null = null;
    if (approval.kind === SUPERVISION_KIND && outcome.completed)
      affectedUser = await applySupervision(tx, approval, approverId, now);
    if (approval.kind === 'access.elevation' && approval.subjectId) {
      if (outcome.completed) affectedUser = await applyElevation(tx, approval.subjectId, approverId, now);
      else if (approval.status === 'rejected')
        await closeElevation(tx, approval.subjectId, 'rejected', approverId, now);
    }
    if (approval.kind === 'access.assignment' && outcome.completed) {
      const values = approval.payload as unknown as AssignmentValues;
      affectedUser = values.userId;
      await insertAssignment(
        tx,
        values,
        {
          ...audit,
          authorisedBy: `approval ${approval.id} (${outcome.approvers.length} approvers)`,
        },
        mode,
      );
    }
    await recordAudit(tx, {
      ...audit,
      action: `access.approval.${decision}`,
      subjectType: 'approval',
      subjectId: approval.id,
      after: { kind: approval.kind, status: approval.status, approvers: outcome.approvers, comment: comment ?? null },
    });
    return { outcome, affectedUser };
  });
  if (affectedUser) forgetPermissions(db, affectedUser);
  return (await approvalDtos(db, [outcome.approval]))[0]!;
}

/** The approval that an elevation request waits on. */
export async function approvalForElevation(db: Db, requestId: string): Promise<string> {
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(and(eq(approvals.kind, 'access.elevation'), eq(approvals.subjectId, requestId)));
  if (!row) throw notFound('Elevation request not found or not awaiting approval');
  return row.id;
}

/**
 * Pending access approvals `viewerId` may decide (`refusalFor`, decision 0078: their supervised
 * roles' requests, elevations and assignments within their level and permissions, never their
 * own), less the ones they already decided.
 */
export async function listPendingApprovals(db: Db, viewerId: string, now = new Date()): Promise<Approval[]> {
  const rows = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.status, 'pending'), like(approvals.kind, `${ACCESS_KINDS}%`)))
    .orderBy(desc(approvals.createdAt));
  const approver = await approverOf(db, viewerId, now);
  const decided = new Set(
    (
      await db
        .select({ approvalId: approvalDecisions.approvalId })
        .from(approvalDecisions)
        .where(eq(approvalDecisions.approverId, viewerId))
    ).map((d) => d.approvalId),
  );
  return approvalDtos(
    db,
    rows.filter((r) => r.expiresAt > now && !decided.has(r.id) && refusalFor(r, approver) === null),
  );
}

async function approvalDtos(db: Db, rows: ApprovalRow[]): Promise<Approval[]> {
  if (rows.length === 0) return [];
  const decisions = await db
    .select({ approvalId: approvalDecisions.approvalId, email: users.email, decision: approvalDecisions.decision })
    .from(approvalDecisions)
    .innerJoin(users, eq(users.id, approvalDecisions.approverId))
    .where(
      inArray(
        approvalDecisions.approvalId,
        rows.map((r) => r.id),
      ),
    );
  const requesters = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.requestedBy),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    subjectId: r.subjectId,
    summary: r.summary,
    requestedBy: r.requestedBy,
    requestedByEmail: requesters.find((u) => u.id === r.requestedBy)?.email ?? '',
    requiredApprovers: r.requiredApprovers,
    minApproverLevel: r.minApproverLevel,
    approvedBy: decisions.filter((d) => d.approvalId === r.id && d.decision === 'approve').map((d) => d.email),
    status: r.status,
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The expiry sweep: approvals past their deadline, elevations that ended and assignments
 * past their expiry are marked so (the guard already ignores them from that instant; this
 * keeps statuses and lists true). Each change is audited.
 */
export async function expireLapsed(db: Db, now = new Date()): Promise<number> {
  const users = await db.transaction(async (tx) => {
    const audit = { authorisedBy: 'job:access-expiry', occurredAt: now };
    const lapsed = await expireApprovals(tx, now);
    for (const a of lapsed.filter((a) => a.kind === 'access.elevation' && a.subjectId))
      await closeElevation(tx, a.subjectId!, 'expired', null, now);
    const ended = await expireEndedElevations(tx, now);
    const assignments = await tx
      .update(roleAssignments)
      .set({ isActive: false })
      .where(and(eq(roleAssignments.isActive, true), lte(roleAssignments.expiresAt, now)))
      .returning({ id: roleAssignments.id, userId: roleAssignments.userId });
    await recordAudit(tx, [
      ...lapsed.map((a) => ({ ...audit, action: 'access.approval.expire', subjectType: 'approval', subjectId: a.id })),
      ...ended.map((id) => ({
        ...audit,
        action: 'access.elevation.expire',
        subjectType: 'elevation_request',
        subjectId: id,
      })),
      ...assignments.map((a) => ({
        ...audit,
        action: 'access.assignment.expire',
        subjectType: 'role_assignment',
        subjectId: a.id,
        after: { isActive: false },
      })),
    ]);
    return [...new Set(assignments.map((a) => a.userId))];
  });
  for (const u of users) forgetPermissions(db, u);
  return users.length;
}
