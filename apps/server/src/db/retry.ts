import type { Db, Tx } from './client';

/** Deadlock and serialization failure: PostgreSQL aborted one side of a lock cycle. */
const TRANSIENT_SQLSTATES = new Set(['40P01', '40001']);
/** Attempts in all before a transient failure is thrown to the caller. */
export const TRANSACTION_ATTEMPTS = 3;

function transientState(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && TRANSIENT_SQLSTATES.has(e.code)) return true;
  }
  return false;
}

/**
 * Runs `work` in a transaction, again (up to TRANSACTION_ATTEMPTS in all) when the database
 * aborted it as a deadlock or serialization failure. Writers that lock balance rows, event or
 * settlement rows and the audit chain in different orders (order batches in one statement,
 * custody moves, settlement DvP, servicing payments, FX rate updates) can form a lock cycle;
 * PostgreSQL breaks it by aborting one side, which is then simply run again: the aborted
 * attempt wrote nothing. Any other error, or a last transient one, is thrown. `work` must not
 * have effects outside the transaction.
 */
export async function retryingTransaction<T>(db: Pick<Db, 'transaction'>, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !transientState(error)) throw error;
    }
  }
}
