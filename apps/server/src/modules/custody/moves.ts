import { fromMinorUnits, type CustodyTransferResult } from '@meridian/schemas';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryingTransaction } from '../../db/retry';
import { custodyMoves } from '../../db/schema';
import { AppError, unprocessable } from '../../errors';
import { recordAudit, type AuditContext } from '../audit/record';
import { cashBalance, depositCash, sqlState, withdrawCash } from '../ledger';

export type Direction = 'deposit' | 'withdraw';

export interface MoveRequest {
  actorId: string;
  direction: Direction;
  holderId: string;
  currency: string;
  /** Minor units, positive, within the schema's bound. */
  amount: bigint;
  /** The bank's reference; null when the client gave none (a unique one is made up). */
  reference: string | null;
  idempotencyKey: string | null;
  /** Who asked and from where, for the audit row written with the move. */
  audit?: AuditContext;
}

export interface MoveAnswer {
  result: CustodyTransferResult;
  replayed: boolean;
}

/** What a retry must repeat exactly: everything that shapes the move. */
export function normalised(m: MoveRequest): string {
  return JSON.stringify([m.direction, m.holderId, m.currency, m.amount.toString(), m.reference]);
}

export const keyReused = () =>
  unprocessable('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different custody movement');
export const referenceBooked = (direction: Direction) =>
  new AppError(
    409,
    'REFERENCE_ALREADY_BOOKED',
    `This bank reference was already booked as a ${direction === 'deposit' ? 'deposit' : 'withdrawal'}`,
  );

async function earlierMove(db: Db, m: MoveRequest) {
  if (m.idempotencyKey === null) return undefined;
  const [row] = await db
    .select({ request: custodyMoves.request, response: custodyMoves.response })
    .from(custodyMoves)
    .where(and(eq(custodyMoves.actorId, m.actorId), eq(custodyMoves.idempotencyKey, m.idempotencyKey)));
  return row;
}

export async function replayOf(db: Db, m: MoveRequest): Promise<MoveAnswer | undefined> {
  const earlier = await earlierMove(db, m);
  if (!earlier) return undefined;
  if (earlier.request !== normalised(m)) throw keyReused();
  return { result: earlier.response as CustodyTransferResult, replayed: true };
}

async function referenceTaken(db: Db, m: MoveRequest): Promise<boolean> {
  if (m.reference === null) return false;
  const [row] = await db
    .select({ id: custodyMoves.id })
    .from(custodyMoves)
    .where(and(eq(custodyMoves.direction, m.direction), eq(custodyMoves.reference, m.reference)));
  return Boolean(row);
}

/**
 * Books a custody cash movement once: a retry with the same Idempotency-Key and the same
 * request gets the first answer, a different request under that key a 422, and a bank
 * reference booked before a 409. The move and its record commit together; a concurrent twin
 * loses on the unique indexes, rolls back, and is then answered like a retry.
 */
export async function bookMove(db: Db, m: MoveRequest): Promise<MoveAnswer> {
  const replay = await replayOf(db, m);
  if (replay) return replay;
  if (await referenceTaken(db, m)) throw referenceBooked(m.direction);
  try {
    const result = await retryingTransaction(db, (tx) => bookInTx(tx, m));
    return { result, replayed: false };
  } catch (error) {
    if (sqlState(error) !== '23505') throw error;
    const replayAfterRace = await replayOf(db, m);
    if (replayAfterRace) return replayAfterRace;
    throw referenceBooked(m.direction);
  }
}

/**
 * Books the move inside the caller's transaction: ledger entry, the custody_moves record (its
 * unique indexes refuse a twin) and the audit row. A countersigned withdrawal books here in
 * the approver's transaction.
 */
export async function bookInTx(tx: Tx, m: MoveRequest): Promise<CustodyTransferResult> {
  const movement = {
    userId: m.holderId,
    currency: m.currency,
    amount: m.amount,
    reference: m.reference ?? `custody:${m.actorId}:${randomUUID()}`,
  };
  const entryId = m.direction === 'deposit' ? await depositCash(tx, movement) : await withdrawCash(tx, movement);
  const answer: CustodyTransferResult = {
    entryId,
    userId: m.holderId,
    currency: m.currency,
    amount: fromMinorUnits(m.amount),
    balance: await cashBalance(tx, m.holderId, m.currency),
  };
  await tx.insert(custodyMoves).values({
    actorId: m.actorId,
    direction: m.direction,
    reference: movement.reference,
    idempotencyKey: m.idempotencyKey,
    request: normalised(m),
    entryId,
    response: answer,
  });
  await recordAudit(tx, {
    ...m.audit,
    action: `custody.cash.${m.direction}`,
    subjectType: 'journal_entry',
    subjectId: entryId,
    after: { holderId: m.holderId, currency: m.currency, amount: answer.amount, reference: movement.reference },
  });
  return answer;
}
