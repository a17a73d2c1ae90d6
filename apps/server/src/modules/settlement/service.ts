import { fromMinorUnits } from '@meridian/schemas';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';
import { retryingTransaction } from '../../db/retry';
import { settlements } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { findUserAccounts, getBalance, settle } from '../ledger';
import { addBusinessDays } from './calendar';

export interface ProcessResult {
  completed: number;
  failed: number;
  /** Pending settlements whose date is after `asOf`. */
  notDue: number;
}

/** Who runs a settlement batch: a custodian (Process Queue) or the scheduled job (null). */
export interface RunActor {
  actorId: string | null;
  actorEmail?: string | null;
}

interface ClaimedSettlement {
  id: string;
  tradeId: string;
  instrumentId: string;
  buyerId: string;
  sellerId: string;
  currency: string;
  price: bigint;
  quantity: bigint;
  cashAmount: bigint;
  attempts: number;
}

type Outcome = 'completed' | 'failed';

/** Matches no settlement: an empty confirmed batch settles nothing. */
const NIL_ID = '00000000-0000-0000-0000-000000000000';

export interface DueSettlement {
  id: string;
  currency: string;
  cashAmount: bigint;
}

/** What Process Queue would settle now: pending and failed settlements due on or before `asOf`. */
export async function dueSettlements(db: Db | Tx, asOf: string): Promise<DueSettlement[]> {
  const rows = await db
    .select({ id: settlements.id, currency: settlements.currency, cashAmount: settlements.cashAmount })
    .from(settlements)
    .where(and(inArray(settlements.status, ['pending', 'failed', 'processing']), lte(settlements.settleOn, asOf)));
  return rows.map((r) => ({ ...r, cashAmount: BigInt(r.cashAmount) }));
}

/**
 * Settles every settlement due on or before `asOf` (YYYY-MM-DD): pending ones and failed
 * ones whose retry date has come. They are first marked `processing` together (the queue
 * shows the batch), then each is claimed with FOR UPDATE SKIP LOCKED and settled DvP in its
 * own transaction, which also marks it `completed`, or `failed` with the missing leg and a
 * retry on the next business day. Safe from several processes at once and after a crash:
 * a settlement's money moves only in the transaction that completes it.
 */
export async function processDueSettlements(
  db: Db,
  asOf: string,
  now: Date,
  actor: RunActor = { actorId: null },
  /** Only these settlements (a batch a second custodian confirmed); all due ones when absent. */
  only?: readonly string[],
): Promise<ProcessResult> {
  const scope = only ? [inArray(settlements.id, only.length ? [...only] : [NIL_ID])] : [];
  await retryingTransaction(db, (tx) =>
    tx
      .update(settlements)
      .set({ status: 'processing' })
      .where(and(inArray(settlements.status, ['pending', 'failed']), lte(settlements.settleOn, asOf), ...scope)),
  );
  const result: ProcessResult = { completed: 0, failed: 0, notDue: 0 };
  for (;;) {
    const outcome = await settleNext(db, asOf, now, actor, only);
    if (!outcome) break;
    result[outcome]++;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(settlements)
    .where(and(eq(settlements.status, 'pending'), gt(settlements.settleOn, asOf)));
  result.notDue = row?.count ?? 0;
  return result;
}

/**
 * After a restart: settlements a stopped run had marked `processing` but not settled go
 * back to `pending` (nothing of theirs moved: DvP and `completed` commit together). One a
 * live process is settling right now is locked; the update waits and then skips it.
 */
export async function recoverInterrupted(db: Db): Promise<number> {
  const rows = await db
    .update(settlements)
    .set({ status: 'pending' })
    .where(eq(settlements.status, 'processing'))
    .returning({ id: settlements.id });
  return rows.length;
}

async function settleNext(
  db: Db,
  asOf: string,
  now: Date,
  actor: RunActor,
  only: readonly string[] | undefined,
): Promise<Outcome | null> {
  let claimedId: string | null = null;
  try {
    // A deadlock with an order batch or a custody move over the same balance rows (or the audit
    // chain) aborted the attempt before anything committed: it is run again.
    return await retryingTransaction(db, async (tx) => {
      const claimed = await claimDue(tx, asOf, only);
      if (!claimed) return null;
      claimedId = claimed.id;
      return settleClaimed(tx, claimed, asOf, now, actor);
    });
  } catch (error) {
    // The ledger guard refused the DvP: a leg changed between the check and the write.
    if (!(error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') || claimedId === null) throw error;
    const id: string = claimedId;
    await retryingTransaction(db, async (tx) => {
      const [still] = await tx
        .select({ id: settlements.id })
        .from(settlements)
        .where(and(eq(settlements.id, id), eq(settlements.status, 'processing')))
        .for('update', { skipLocked: true });
      if (still) await markFailed(tx, id, asOf, 'A leg was no longer held when the delivery was booked', actor);
    });
    return 'failed';
  }
}

async function claimDue(tx: Tx, asOf: string, only: readonly string[] | undefined): Promise<ClaimedSettlement | null> {
  const scope = only ? sql`and s.id in ${only.length ? [...only] : [NIL_ID]}` : sql``;
  const [row] = await selectRows<Record<string, string | number>>(
    tx,
    sql`select s.id, s.trade_id, t.instrument_id, t.buyer_id, t.seller_id, s.currency, t.price::text, t.quantity::text,
        s.cash_amount::text, s.attempts
      from settlements s join trades t on t.id = s.trade_id
      where s.status in ('pending', 'processing') and s.settle_on <= ${asOf} ${scope}
      order by s.settle_on, s.created_at
      limit 1
      for update of s skip locked`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    tradeId: String(row.trade_id),
    instrumentId: String(row.instrument_id),
    buyerId: String(row.buyer_id),
    sellerId: String(row.seller_id),
    currency: String(row.currency),
    price: BigInt(row.price!),
    quantity: BigInt(row.quantity!),
    cashAmount: BigInt(row.cash_amount!),
    attempts: Number(row.attempts),
  };
}

async function settleClaimed(tx: Tx, s: ClaimedSettlement, asOf: string, now: Date, actor: RunActor): Promise<Outcome> {
  const accounts = await findUserAccounts(tx, [s.buyerId, s.sellerId]);
  const buyerAccountId = accounts.get(s.buyerId);
  const sellerAccountId = accounts.get(s.sellerId);
  const missing =
    !buyerAccountId || !sellerAccountId
      ? 'A party has no ledger account'
      : await missingLeg(tx, s, buyerAccountId, sellerAccountId);
  if (missing) {
    await markFailed(tx, s.id, asOf, missing, actor);
    return 'failed';
  }
  const [entryId] = await settle(tx, [
    {
      tradeId: s.tradeId,
      buyerAccountId: buyerAccountId!,
      sellerAccountId: sellerAccountId!,
      instrumentId: s.instrumentId,
      currency: s.currency,
      price: s.price,
      quantity: s.quantity,
      createdAt: now,
    },
  ]);
  await tx
    .update(settlements)
    .set({
      status: 'completed',
      journalEntryId: entryId!,
      settledAt: now,
      failureReason: null,
      attempts: s.attempts + 1,
    })
    .where(eq(settlements.id, s.id));
  await recordAudit(tx, {
    action: 'settlement.completed',
    actorId: actor.actorId,
    actorEmail: actor.actorEmail ?? null,
    subjectType: 'settlement',
    subjectId: s.id,
    after: { tradeId: s.tradeId, journalEntryId: entryId, asOf },
    occurredAt: now,
  });
  return 'completed';
}

/**
 * What the DvP would lack: the buyer's cash and the seller's units were reserved at
 * execution and must still be held (reserved) in full; anything else is a fail.
 */
async function missingLeg(
  tx: Tx,
  s: ClaimedSettlement,
  buyerAccountId: string,
  sellerAccountId: string,
): Promise<string | null> {
  const cash = await getBalance(tx, buyerAccountId, 'cash', s.currency);
  if (cash.reserved < s.cashAmount || cash.total < s.cashAmount) {
    const held = cash.reserved < cash.total ? cash.reserved : cash.total;
    return `Buyer's cash leg missing: ${fromMinorUnits(s.cashAmount)} ${s.currency} to pay, ${fromMinorUnits(held)} ${s.currency} held`;
  }
  const units = await getBalance(tx, sellerAccountId, 'units', s.instrumentId);
  if (units.reserved < s.quantity || units.total < s.quantity) {
    const held = units.reserved < units.total ? units.reserved : units.total;
    return `Seller's units leg missing: ${s.quantity} units to deliver, ${held} held`;
  }
  return null;
}

async function markFailed(tx: Tx, id: string, asOf: string, reason: string, actor: RunActor): Promise<void> {
  const retryOn = addBusinessDays(asOf, 1);
  await tx
    .update(settlements)
    .set({
      status: 'failed',
      failureReason: reason,
      settleOn: retryOn,
      attempts: sql`${settlements.attempts} + 1`,
    })
    .where(eq(settlements.id, id));
  await recordAudit(tx, {
    action: 'settlement.failed',
    actorId: actor.actorId,
    actorEmail: actor.actorEmail ?? null,
    subjectType: 'settlement',
    subjectId: id,
    after: { reason, retryOn },
  });
}
