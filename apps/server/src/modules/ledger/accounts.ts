import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';

export const userAccountCode = (userId: string) => `user:${userId}`;
export const issuanceAccountCode = (instrumentId: string) => `issuance:${instrumentId}`;
export const EXTERNAL_CASH_ACCOUNT = 'external:cash';

/** The ledger account with `code`, created on first use (race-safe through the unique code). */
export async function getOrCreateAccount(db: Db | Tx, code: string, userId: string | null = null): Promise<string> {
  await db.insert(ledgerAccounts).values({ code, userId }).onConflictDoNothing({ target: ledgerAccounts.code });
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row!.id;
}

/** The user's own account (`user:<userId>`), created on first use. */
export function getOrCreateUserAccount(db: Db | Tx, userId: string): Promise<string> {
  return getOrCreateAccount(db, userAccountCode(userId), userId);
}

/** The existing own accounts of these users: userId -> account id (users without one are absent). */
export async function findUserAccounts(db: Db | Tx, userIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, ids.map(userAccountCode)));
  for (const row of rows) found.set(row.userId!, row.id);
  return found;
}

/** The user's own account id, or undefined when the user never had one. */
export async function findUserAccount(db: Db | Tx, userId: string): Promise<string | undefined> {
  return (await findUserAccounts(db, [userId])).get(userId);
}
