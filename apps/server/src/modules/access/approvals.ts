import { and, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { approvalDecisions, approvals, roleAssignments, roles } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';

/** How long a request waits for its approvers before it expires. */
export const APPROVAL_TTL_MS = 24 * 3_600_000;

export interface ApprovalRequest {
  /** Which module applies the change on approval, e.g. 'access.elevation', 'custody.transfer'. */
  kind: string;
  subjectId?: string | null;
  payload?: Record<string, unknown>;
  summary: string;
  requestedBy: string;
  /** Distinct approvers needed (2 for dual control / multi-sig), never counting the requester. */
  requiredApprovers: number;
  /** Lowest role level an approver may hold. */
  minApproverLevel: number;
}

export type ApprovalRow = typeof approvals.$inferSelect;

/** Opens an approval (inside the caller's transaction, so it exists only if the request does). */
export async function requestApproval(tx: Tx, request: ApprovalRequest, now = new Date()): Promise<ApprovalRow> {
  const [row] = await tx
    .insert(approvals)
    .values({
      kind: request.kind,
      subjectId: request.subjectId ?? null,
      payload: request.payload ?? {},
      summary: request.summary,
      requestedBy: request.requestedBy,
      requiredApprovers: request.requiredApprovers,
      minApproverLevel: request.minApproverLevel,
      expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS),
      createdAt: now,
    })
    .returning();
  return row!;
}

/** The highest level among the user's active, unexpired role assignments (0 when none). */
export async function userLevel(tx: Db, userId: string, now = new Date()): Promise<number> {
  const active = await tx
    .select({ level: roles.level, expiresAt: roleAssignments.expiresAt })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(and(eq(roleAssignments.userId, userId), eq(roleAssignments.isActive, true)));
  return Math.max(0, ...active.filter((a) => a.expiresAt === null || a.expiresAt > now).map((a) => a.level));
}

export interface DecisionOutcome {
  approval: ApprovalRow;
  /** True when this decision completed the approval (apply the change now). */
  completed: boolean;
  approvers: string[];
}

/**
 * Records one approver's decision. Refuses: unknown id (404), the requester (403), a level
 * below the approval's minimum (403), a decided or expired approval (409), the same
 * approver twice (409). The row is locked so two approvers deciding at once are serialised.
 */
export async function decideApproval(
  tx: Tx,
  approvalId: string,
  approverId: string,
  decision: 'approve' | 'reject',
  comment: string | undefined,
  now = new Date(),
): Promise<DecisionOutcome> {
  const [approval] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).for('update');
  if (!approval) throw notFound('Approval request not found');
  if (approval.requestedBy === approverId) throw forbidden('You cannot approve or reject your own request');
  if (approval.status !== 'pending') throw conflict(`This request is already ${approval.status}`);
  if (approval.expiresAt <= now) throw new AppError(409, 'EXPIRED', 'This request has expired');
  const level = await userLevel(tx, approverId, now);
  if (level < approval.minApproverLevel)
    throw forbidden(`Approvers need role level ${approval.minApproverLevel} or higher (yours is ${level})`);
  const previous = await tx.select().from(approvalDecisions).where(eq(approvalDecisions.approvalId, approvalId));
  if (previous.some((d) => d.approverId === approverId)) throw conflict('You have already decided on this request');
  await tx.insert(approvalDecisions).values({ approvalId, approverId, decision, comment, decidedAt: now });
  const approvers = [...previous.filter((d) => d.decision === 'approve').map((d) => d.approverId)];
  if (decision === 'approve') approvers.push(approverId);
  const status =
    decision === 'reject' ? 'rejected' : approvers.length >= approval.requiredApprovers ? 'approved' : 'pending';
  if (status === 'pending') return { approval, completed: false, approvers };
  const [updated] = await tx
    .update(approvals)
    .set({ status, decidedAt: now })
    .where(eq(approvals.id, approvalId))
    .returning();
  return { approval: updated!, completed: status === 'approved', approvers };
}

/** Marks pending approvals whose time ran out as expired; returns them. */
export async function expireApprovals(tx: Tx, now = new Date()): Promise<ApprovalRow[]> {
  return tx
    .update(approvals)
    .set({ status: 'expired', decidedAt: now })
    .where(and(eq(approvals.status, 'pending'), lte(approvals.expiresAt, now)))
    .returning();
}
