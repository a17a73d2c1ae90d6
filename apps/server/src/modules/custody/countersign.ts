import {
  formatMoneyText,
  fromMinorUnits,
  toMinorUnits,
  type CustodyCountersignResult,
  type CustodyPendingMove,
} from '@meridian/schemas';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { approvals, users } from '../../db/schema';
import { AppError, notFound, unprocessable } from '../../errors';
import { decideApproval, requestApproval, userLevel, type ApprovalRow } from '../access/approvals';
import { checkPermission } from '../access/service';
import { recordAudit, type AuditContext } from '../audit/record';
import { valueInLimitCurrency } from '../fx/service';
import { cashBalance, sqlState } from '../ledger';
import {
  bookInTx,
  bookMove,
  keyReused,
  normalised,
  referenceBooked,
  replayOf,
  retryingTransaction,
  type MoveAnswer,
  type MoveRequest,
} from './moves';

// Multi-signature custody (issue 17 item 8, decision 0034): manage_custody is a multi-sig
// permission; its maxAmount is what one custodian may withdraw alone (valued in USD). Above it
// the withdrawal waits, as an approval of the access module's machinery, for a second,
// distinct holder of manage_custody; the money moves in the transaction of that approval.

export const WITHDRAWAL_APPROVAL = 'custody.withdrawal';
const CUSTODY_PERMISSION = 'manage_custody';
/** Signatures needed besides the requester's own. */
const SECOND_SIGNATURES = 1;

/** What the approval carries to book the move once signed (JSON-safe). */
interface PendingPayload {
  direction: 'withdraw';
  holderId: string;
  currency: string;
  amount: string;
  reference: string | null;
  idempotencyKey: string | null;
  /** The normalised request, compared on a retry with the same Idempotency-Key. */
  request: string;
}

export type MoveOutcome =
  { kind: 'booked'; answer: MoveAnswer } | { kind: 'pending'; pending: CustodyPendingMove; replayed: boolean };

/**
 * A custody move as a custodian asked for it: booked at once when within their single-signature
 * limit (or a deposit), else opened as an approval. Retries with the same Idempotency-Key get
 * the first answer (booked or pending); a different request under the key is refused (422).
 */
export async function requestMove(db: Db, m: MoveRequest): Promise<MoveOutcome> {
  const booked = await replayOf(db, m);
  if (booked) return { kind: 'booked', answer: booked };
  const waiting = await pendingReplay(db, m);
  if (waiting) return { kind: 'pending', pending: waiting, replayed: true };
  if (m.direction === 'withdraw' && (await referencePending(db, m.reference))) throw referenceBooked(m.direction);
  if (!(await needsSecondSignature(db, m))) return { kind: 'booked', answer: await bookMove(db, m) };
  return { kind: 'pending', pending: await openApproval(db, m), replayed: false };
}

async function needsSecondSignature(db: Db, m: MoveRequest): Promise<boolean> {
  if (m.direction !== 'withdraw') return false;
  const usd = await valueInLimitCurrency(db, m.amount, m.currency);
  return !(await checkPermission(db, m.actorId, CUSTODY_PERMISSION, usd)).hasPermission;
}

async function pendingRow(db: Db | Tx, m: MoveRequest): Promise<ApprovalRow | undefined> {
  if (m.idempotencyKey === null) return undefined;
  const [row] = await db
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, WITHDRAWAL_APPROVAL),
        eq(approvals.requestedBy, m.actorId),
        sql`${approvals.payload}->>'idempotencyKey' = ${m.idempotencyKey}`,
      ),
    )
    .orderBy(desc(approvals.createdAt))
    .limit(1);
  return row;
}

async function pendingReplay(db: Db | Tx, m: MoveRequest): Promise<CustodyPendingMove | undefined> {
  const row = await pendingRow(db, m);
  if (!row) return undefined;
  if ((row.payload as unknown as PendingPayload).request !== normalised(m)) throw keyReused();
  // Approved ones were booked and answered by replayOf; a closed one moved nothing.
  if (row.status !== 'pending')
    throw new AppError(
      409,
      'APPROVAL_CLOSED',
      `This withdrawal was ${row.status} and moved nothing; send it again with a new Idempotency-Key`,
    );
  return pendingAnswer(row);
}

async function referencePending(db: Db | Tx, reference: string | null): Promise<boolean> {
  if (reference === null) return false;
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, WITHDRAWAL_APPROVAL),
        eq(approvals.status, 'pending'),
        sql`${approvals.payload}->>'reference' = ${reference}`,
      ),
    );
  return Boolean(row);
}

function pendingAnswer(row: ApprovalRow): CustodyPendingMove {
  const payload = row.payload as unknown as PendingPayload;
  return {
    status: 'pending_approval',
    approvalId: row.id,
    userId: payload.holderId,
    currency: payload.currency,
    amount: payload.amount,
    requiredApprovers: row.requiredApprovers,
    expiresAt: row.expiresAt.toISOString(),
    message: 'This withdrawal is over your single-signature limit: a second custodian must approve it',
  };
}

async function openApproval(db: Db, m: MoveRequest): Promise<CustodyPendingMove> {
  return retryingTransaction(db, async (tx) => {
    // One requester at a time: twins sent at once find the first one's approval.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, m.actorId)).for('update');
    const twin = await pendingReplay(tx, m);
    if (twin) return twin;
    if (await referencePending(tx, m.reference)) throw referenceBooked(m.direction);
    // Nothing to countersign when the cash is not there: refused now, as a booked withdrawal would be
    // (the booking at approval checks again, under lock).
    const { available } = await cashBalance(tx, m.holderId, m.currency);
    if ((toMinorUnits(available) ?? 0n) < m.amount)
      throw unprocessable('INSUFFICIENT_FUNDS', `Insufficient funds: ${available} ${m.currency} available to withdraw`);
    const [holder] = await tx.select({ email: users.email }).from(users).where(eq(users.id, m.holderId));
    const payload: PendingPayload = {
      direction: 'withdraw',
      holderId: m.holderId,
      currency: m.currency,
      amount: fromMinorUnits(m.amount),
      reference: m.reference,
      idempotencyKey: m.idempotencyKey,
      request: normalised(m),
    };
    const row = await requestApproval(tx, {
      kind: WITHDRAWAL_APPROVAL,
      subjectId: m.holderId,
      payload: payload as unknown as Record<string, unknown>,
      summary: `Withdraw ${formatMoneyText(m.amount, m.currency)} from ${holder?.email ?? m.holderId}`,
      requestedBy: m.actorId,
      requiredApprovers: SECOND_SIGNATURES,
      // The second signer is at least as senior as the first.
      minApproverLevel: await userLevel(tx, m.actorId),
    });
    await recordAudit(tx, {
      ...m.audit,
      action: 'custody.cash.withdraw.request',
      subjectType: 'approval',
      subjectId: row.id,
      after: { ...payload, request: undefined },
    });
    return pendingAnswer(row);
  });
}

/** Pending custody approvals, newest first (for the second custodian to find them). */
export async function pendingCustodyApprovals(db: Db, now = new Date()): Promise<CustodyPendingMove[]> {
  const rows = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.kind, WITHDRAWAL_APPROVAL), eq(approvals.status, 'pending')))
    .orderBy(desc(approvals.createdAt));
  return rows.filter((r) => r.expiresAt > now).map(pendingAnswer);
}

/**
 * A second custodian's decision. The access machinery refuses the requester, a junior approver,
 * a decided or expired approval and a second vote by the same person; when the approval
 * completes, the withdrawal books in the same transaction (if the holder's cash no longer
 * covers it, nothing is recorded and the answer says why).
 */
export async function countersign(
  db: Db,
  approvalId: string,
  approverId: string,
  decision: 'approve' | 'reject',
  comment: string | undefined,
  audit: AuditContext,
): Promise<CustodyCountersignResult> {
  try {
    return await retryingTransaction(db, async (tx) => {
      const [kind] = await tx.select({ kind: approvals.kind }).from(approvals).where(eq(approvals.id, approvalId));
      if (kind?.kind !== WITHDRAWAL_APPROVAL) throw notFound('Custody approval not found');
      const outcome = await decideApproval(tx, approvalId, approverId, decision, comment);
      const { approval } = outcome;
      const payload = approval.payload as unknown as PendingPayload;
      const move = outcome.completed
        ? await bookInTx(tx, {
            actorId: approval.requestedBy,
            direction: 'withdraw',
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
        action: `custody.approval.${decision}`,
        subjectType: 'approval',
        subjectId: approval.id,
        after: { status: approval.status, approvers: outcome.approvers, comment: comment ?? null },
      });
      const approvedBy = outcome.approvers.length
        ? (await tx.select({ email: users.email }).from(users).where(inArray(users.id, outcome.approvers))).map(
            (u) => u.email,
          )
        : [];
      return { approvalId, status: approval.status, approvedBy, move };
    });
  } catch (error) {
    // A bank reference booked meanwhile by another move: nothing was decided.
    if (sqlState(error) === '23505') throw referenceBooked('withdraw');
    throw error;
  }
}
