import {
  formatMoneyText,
  fromMinorUnits,
  toMinorUnits,
  type CustodyApprovalKind,
  type CustodyPendingMove,
} from '@meridian/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryingTransaction } from '../../db/retry';
import { approvals, users } from '../../db/schema';
import { AppError, unprocessable } from '../../errors';
import { requestApproval, userLevel, type ApprovalRow } from '../access/approvals';
import { checkPermission } from '../access/service';
import { recordAudit } from '../audit/record';
import { valueInLimitCurrency } from '../fx/service';
import { cashBalance } from '../ledger';
import {
  bookMove,
  keyReused,
  normalised,
  referenceBooked,
  replayOf,
  type Direction,
  type MoveAnswer,
  type MoveRequest,
} from './moves';

// A deposit or withdrawal above what one custodian may sign alone (manage_custody's maxAmount,
// valued in USD; decisions 0034 and 0046) waits as an approval for a second, distinct holder of
// manage_custody; countersign.ts books it in the transaction of that approval.

export const WITHDRAWAL_APPROVAL = 'custody.withdrawal';
export const DEPOSIT_APPROVAL = 'custody.deposit';
const moveKind = (direction: Direction): CustodyApprovalKind =>
  direction === 'deposit' ? DEPOSIT_APPROVAL : WITHDRAWAL_APPROVAL;
const CUSTODY_PERMISSION = 'manage_custody';
/** Signatures needed besides the requester's own. */
export const SECOND_SIGNATURES = 1;

/** What a move approval carries to book the move once signed (JSON-safe). */
export interface PendingPayload {
  direction: Direction;
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
 * limit, else opened as an approval. Retries with the same Idempotency-Key get the first answer
 * (booked or pending); a different request under the key is refused (422).
 */
export async function requestMove(db: Db, m: MoveRequest): Promise<MoveOutcome> {
  const booked = await replayOf(db, m);
  if (booked) return { kind: 'booked', answer: booked };
  const waiting = await pendingReplay(db, m);
  if (waiting) return { kind: 'pending', pending: waiting, replayed: true };
  if (await referencePending(db, m.direction, m.reference)) throw referenceBooked(m.direction);
  if (!(await needsSecondSignature(db, m))) return { kind: 'booked', answer: await bookMove(db, m) };
  return { kind: 'pending', pending: await openApproval(db, m), replayed: false };
}

async function needsSecondSignature(db: Db, m: MoveRequest): Promise<boolean> {
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
        eq(approvals.kind, moveKind(m.direction)),
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
      `This ${m.direction === 'deposit' ? 'deposit' : 'withdrawal'} was ${row.status} and moved nothing; send it again with a new Idempotency-Key`,
    );
  return pendingAnswer(row);
}

async function referencePending(db: Db | Tx, direction: Direction, reference: string | null): Promise<boolean> {
  if (reference === null) return false;
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, moveKind(direction)),
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
    message: `This ${payload.direction === 'deposit' ? 'deposit' : 'withdrawal'} is over your single-signature limit: a second custodian must approve it`,
  };
}

async function openApproval(db: Db, m: MoveRequest): Promise<CustodyPendingMove> {
  return retryingTransaction(db, async (tx) => {
    // One requester at a time: twins sent at once find the first one's approval.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, m.actorId)).for('update');
    const twin = await pendingReplay(tx, m);
    if (twin) return twin;
    if (await referencePending(tx, m.direction, m.reference)) throw referenceBooked(m.direction);
    // Nothing to countersign when the cash is not there: refused now, as a booked withdrawal would be
    // (the booking at approval checks again, under lock).
    if (m.direction === 'withdraw') {
      const { available } = await cashBalance(tx, m.holderId, m.currency);
      if ((toMinorUnits(available) ?? 0n) < m.amount)
        throw unprocessable(
          'INSUFFICIENT_FUNDS',
          `Insufficient funds: ${available} ${m.currency} available to withdraw`,
        );
    }
    const [holder] = await tx.select({ email: users.email }).from(users).where(eq(users.id, m.holderId));
    const payload: PendingPayload = {
      direction: m.direction,
      holderId: m.holderId,
      currency: m.currency,
      amount: fromMinorUnits(m.amount),
      reference: m.reference,
      idempotencyKey: m.idempotencyKey,
      request: normalised(m),
    };
    const who = holder?.email ?? m.holderId;
    const row = await requestApproval(tx, {
      kind: moveKind(m.direction),
      subjectId: m.holderId,
      payload: payload as unknown as Record<string, unknown>,
      summary:
        m.direction === 'deposit'
          ? `Deposit ${formatMoneyText(m.amount, m.currency)} to ${who}`
          : `Withdraw ${formatMoneyText(m.amount, m.currency)} from ${who}`,
      requestedBy: m.actorId,
      requiredApprovers: SECOND_SIGNATURES,
      // The second signer is at least as senior as the first.
      minApproverLevel: await userLevel(tx, m.actorId),
    });
    await recordAudit(tx, {
      ...m.audit,
      action: `custody.cash.${m.direction}.request`,
      subjectType: 'approval',
      subjectId: row.id,
      after: { ...payload, request: undefined },
    });
    return pendingAnswer(row);
  });
}
