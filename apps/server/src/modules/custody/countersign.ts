import {
  formatMoneyText,
  fromMinorUnits,
  toMinorUnits,
  type CustodyApproval,
  type CustodyApprovalKind,
  type CustodyCountersignResult,
  type ProcessSettlementsPending,
  type ProcessSettlementsResult,
} from '@meridian/schemas';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryingTransaction } from '../../db/retry';
import { approvals, departments, roleAssignments, roles, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { decideApproval, requestApproval, userLevel, type ApprovalRow } from '../access/approvals';
import { checkPermission } from '../access/service';
import { recordAudit, type AuditContext } from '../audit/record';
import { LIMIT_CURRENCY, loadFxTable } from '../fx/service';
import { sqlState } from '../ledger';
import { tradeDate } from '../settlement/calendar';
import { dueSettlements, processDueSettlements } from '../settlement/service';
import { DEPOSIT_APPROVAL, SECOND_SIGNATURES, WITHDRAWAL_APPROVAL, type PendingPayload } from './move-approvals';
import { bookInTx, referenceBooked } from './moves';

// Multi-signature custody (issue 17 item 8, decisions 0034 and 0046): manage_custody and
// process_settlements are multi-sig permissions; their maxAmount is what one custodian may sign
// alone (valued in USD). Above it a deposit or withdrawal waits, as an approval of the access
// module's machinery, for a second, distinct holder of manage_custody; the money moves in the
// transaction of that approval. Process Queue (issue 12 item 4) is under dual control when the
// custodian's department requires it (Custody & Settlement does) or the batch is worth more
// than their process_settlements limit: one custodian prepares the batch, another confirms it.

export const BATCH_APPROVAL = 'settlement.batch';
const KINDS: CustodyApprovalKind[] = [WITHDRAWAL_APPROVAL, DEPOSIT_APPROVAL, BATCH_APPROVAL];
const SETTLEMENT_PERMISSION = 'process_settlements';

/** What a Process Queue approval carries: the batch as prepared (JSON-safe). */
interface BatchPayload {
  asOf: string;
  settlementIds: string[];
  /** Value of the batch's cash legs in USD. */
  amount: string;
}

/** True when one of the user's active roles sits in a department that requires dual control. */
async function underDualControl(db: Db | Tx, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ expiresAt: roleAssignments.expiresAt })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .innerJoin(departments, eq(departments.id, roles.departmentId))
    .where(
      and(
        eq(roleAssignments.userId, userId),
        eq(roleAssignments.isActive, true),
        eq(departments.requiresDualControl, true),
      ),
    );
  return rows.some((r) => r.expiresAt === null || new Date(r.expiresAt) > now);
}

export type ProcessOutcome =
  { kind: 'processed'; result: ProcessSettlementsResult } | { kind: 'pending'; pending: ProcessSettlementsPending };

/**
 * Process Queue as a custodian pressed it. Under dual control (their department requires it, or
 * the batch is worth more than their process_settlements limit) the due settlements are
 * prepared as one approval for a second custodian to confirm, and nothing settles now; a batch
 * already waiting is answered again instead of a second one. Otherwise, and when nothing is
 * due (nothing would move), the queue is processed at once.
 */
export async function requestProcessQueue(
  db: Db,
  actorId: string,
  actorEmail: string,
  audit: AuditContext,
  now = new Date(),
): Promise<ProcessOutcome> {
  const asOf = tradeDate(now);
  const due = await dueSettlements(db, asOf);
  const table = await loadFxTable(db);
  const usd = due.reduce((sum, s) => sum + table.convert(s.cashAmount, s.currency, LIMIT_CURRENCY), 0n);
  const dual =
    due.length > 0 &&
    ((await underDualControl(db, actorId, now)) ||
      !(await checkPermission(db, actorId, SETTLEMENT_PERMISSION, usd)).hasPermission);
  if (!dual) return { kind: 'processed', result: await processDueSettlements(db, asOf, now, { actorId, actorEmail }) };
  const pending = await retryingTransaction(db, async (tx) => {
    // One prepared batch at a time: a second press (or a twin request) finds the first.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actorId)).for('update');
    const [open] = await tx
      .select()
      .from(approvals)
      .where(and(eq(approvals.kind, BATCH_APPROVAL), eq(approvals.status, 'pending'), gt(approvals.expiresAt, now)))
      .orderBy(desc(approvals.createdAt))
      .limit(1);
    if (open) return batchAnswer(open, await emails(tx, [open.requestedBy]), actorId);
    const payload: BatchPayload = { asOf, settlementIds: due.map((s) => s.id), amount: fromMinorUnits(usd) };
    const row = await requestApproval(
      tx,
      {
        kind: BATCH_APPROVAL,
        payload: payload as unknown as Record<string, unknown>,
        summary: `Process Queue: settle ${due.length} due settlement${due.length === 1 ? '' : 's'} (${formatMoneyText(usd, LIMIT_CURRENCY)})`,
        requestedBy: actorId,
        requiredApprovers: SECOND_SIGNATURES,
        minApproverLevel: await userLevel(tx, actorId, now),
      },
      now,
    );
    await recordAudit(tx, {
      ...audit,
      action: 'settlement.batch.request',
      subjectType: 'approval',
      subjectId: row.id,
      after: { ...payload },
    });
    return batchAnswer(row, new Map([[actorId, actorEmail]]), actorId);
  });
  return { kind: 'pending', pending };
}

function batchAnswer(row: ApprovalRow, who: Map<string, string>, viewerId: string): ProcessSettlementsPending {
  const payload = row.payload as unknown as BatchPayload;
  return {
    ...approvalView(row, who, viewerId),
    status: 'pending_approval',
    settlements: payload.settlementIds.length,
    message: 'Process Queue is under dual control: a second custodian must confirm this batch',
  };
}

async function emails(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

function approvalView(row: ApprovalRow, who: Map<string, string>, viewerId: string): CustodyApproval {
  const kind = row.kind as CustodyApprovalKind;
  const payload = row.payload as unknown as PendingPayload | BatchPayload;
  return {
    approvalId: row.id,
    kind,
    summary: row.summary,
    requestedBy: who.get(row.requestedBy) ?? row.requestedBy,
    requestedByYou: row.requestedBy === viewerId,
    currency: kind === BATCH_APPROVAL ? LIMIT_CURRENCY : (payload as PendingPayload).currency,
    amount: payload.amount,
    requiredApprovers: row.requiredApprovers,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Pending custody approvals (moves and Process Queue batches), newest first, for the second custodian. */
export async function pendingCustodyApprovals(db: Db, viewerId: string, now = new Date()): Promise<CustodyApproval[]> {
  const rows = (
    await db
      .select()
      .from(approvals)
      .where(and(inArray(approvals.kind, KINDS), eq(approvals.status, 'pending')))
      .orderBy(desc(approvals.createdAt))
  ).filter((r) => r.expiresAt > now);
  const who = await emails(db, [...new Set(rows.map((r) => r.requestedBy))]);
  return rows.map((r) => approvalView(r, who, viewerId));
}

/**
 * A second custodian's decision. The access machinery refuses the requester, a junior approver,
 * a decided or expired approval and a second vote by the same person; a batch also needs the
 * approver to hold process_settlements. When a move approval completes, the move books in the
 * same transaction (if the holder's cash no longer covers a withdrawal, nothing is recorded and
 * the answer says why). When a batch completes, its settlements are settled right after the
 * approval commits, each DvP in its own transaction as any Process Queue run; a crash between
 * the two leaves them pending for the next run.
 */
export async function countersign(
  db: Db,
  approvalId: string,
  approverId: string,
  approverEmail: string,
  decision: 'approve' | 'reject',
  comment: string | undefined,
  audit: AuditContext,
): Promise<CustodyCountersignResult> {
  let decided: { result: CustodyCountersignResult; batch: BatchPayload | null };
  try {
    const [kind] = await db.select({ kind: approvals.kind }).from(approvals).where(eq(approvals.id, approvalId));
    if (!kind || !KINDS.includes(kind.kind as CustodyApprovalKind)) throw notFound('Custody approval not found');
    const isBatch = kind.kind === BATCH_APPROVAL;
    if (isBatch && !(await checkPermission(db, approverId, SETTLEMENT_PERMISSION)).hasPermission)
      throw forbidden(`Missing permission: ${SETTLEMENT_PERMISSION}`);
    decided = await retryingTransaction(db, async (tx) => {
      const outcome = await decideApproval(tx, approvalId, approverId, decision, comment);
      const { approval } = outcome;
      const payload = approval.payload as unknown as PendingPayload;
      const move =
        outcome.completed && !isBatch
          ? await bookInTx(tx, {
              actorId: approval.requestedBy,
              direction: payload.direction ?? 'withdraw',
              holderId: payload.holderId,
              currency: payload.currency,
              amount: toMinorUnits(payload.amount)!,
              reference: payload.reference,
              idempotencyKey: payload.idempotencyKey,
              audit: { ...audit, authorisedBy: `approval ${approval.id} (${outcome.approvers.length + 1} signatures)` },
            })
          : null;
      await recordAudit(tx, {
        ...audit,
        action: `${isBatch ? 'settlement.batch' : 'custody.approval'}.${decision}`,
        subjectType: 'approval',
        subjectId: approval.id,
        after: { status: approval.status, approvers: outcome.approvers, comment: comment ?? null },
      });
      const approvedBy = outcome.approvers.length ? [...(await emails(tx, outcome.approvers)).values()] : [];
      return {
        result: { approvalId, status: approval.status, approvedBy, move, batch: null },
        batch: outcome.completed && isBatch ? (approval.payload as unknown as BatchPayload) : null,
      };
    });
  } catch (error) {
    // A bank reference booked meanwhile by another move: nothing was decided.
    if (sqlState(error) === '23505') throw referenceBooked('withdraw');
    throw error;
  }
  if (!decided.batch) return decided.result;
  const now = new Date();
  const batch = await processDueSettlements(
    db,
    tradeDate(now),
    now,
    { actorId: approverId, actorEmail: approverEmail },
    decided.batch.settlementIds,
  );
  return { ...decided.result, batch };
}
