import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  balances,
  journalEntries,
  journalLines,
  ledgerAccounts,
  type AssetType,
  type JournalKind,
} from '../../db/schema';
import { unprocessable } from '../../errors';

/** Either a transaction or the database itself (queries that must run inside the caller's transaction take Tx). */
type Executor = Db | Tx;

export interface JournalLine {
  accountId: string;
  assetType: AssetType;
  /** Currency code for cash, instrument id for units. */
  asset: string;
  /** Signed amount: cash in hundredths, units whole. */
  amount: bigint;
}

export interface JournalInput {
  kind: JournalKind;
  reference: string;
  lines: readonly JournalLine[];
}

export const userAccountCode = (userId: string) => `user:${userId}`;
export const issuanceAccountCode = (instrumentId: string) => `issuance:${instrumentId}`;
export const EXTERNAL_CASH_ACCOUNT = 'external:cash';

/** The ledger account with `code`, created on first use (race-safe through the unique code). */
export async function getOrCreateAccount(tx: Executor, code: string, userId: string | null = null): Promise<string> {
  await tx.insert(ledgerAccounts).values({ code, userId }).onConflictDoNothing({ target: ledgerAccounts.code });
  const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row!.id;
}

/** The user's own account (`user:<userId>`). */
export function getOrCreateUserAccount(tx: Executor, userId: string): Promise<string> {
  return getOrCreateAccount(tx, userAccountCode(userId), userId);
}

const assetKey = (line: Pick<JournalLine, 'assetType' | 'asset'>) => `${line.assetType}:${line.asset}`;

/** Refuses a journal whose lines do not net to zero per asset, or that has no lines. */
export function checkBalanced(lines: readonly JournalLine[]): void {
  if (lines.length === 0) throw unprocessable('UNBALANCED_JOURNAL', 'A journal entry needs at least one line');
  const net = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amount === 0n) throw unprocessable('UNBALANCED_JOURNAL', 'Journal lines must not be zero');
    net.set(assetKey(line), (net.get(assetKey(line)) ?? 0n) + line.amount);
  }
  for (const [asset, amount] of net) {
    if (amount !== 0n)
      throw unprocessable('UNBALANCED_JOURNAL', `Journal lines for ${asset} do not net to zero (${amount})`);
  }
}

/**
 * Writes a balanced journal entry and applies it to `balances` in the caller's transaction.
 * User accounts may not go below their reserved amount (nor below zero); system accounts
 * (issuance, external) may run negative. Returns the entry id.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<string> {
  checkBalanced(input.lines);
  const [entry] = await tx
    .insert(journalEntries)
    .values({ kind: input.kind, reference: input.reference })
    .returning({ id: journalEntries.id });
  const entryId = entry!.id;
  await tx.insert(journalLines).values(input.lines.map((line) => ({ entryId, ...line })));
  const accountIds = [...new Set(input.lines.map((line) => line.accountId))];
  const owners = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds));
  const userAccounts = new Set(owners.filter((o) => o.userId !== null).map((o) => o.id));
  for (const line of input.lines) {
    const [row] = await tx
      .insert(balances)
      .values({ accountId: line.accountId, assetType: line.assetType, asset: line.asset, total: line.amount })
      .onConflictDoUpdate({
        target: [balances.accountId, balances.assetType, balances.asset],
        set: { total: sql`${balances.total} + ${line.amount}` },
      })
      .returning({ total: balances.total, reserved: balances.reserved });
    if (userAccounts.has(line.accountId) && row!.total < row!.reserved) {
      throw unprocessable(
        'INSUFFICIENT_BALANCE',
        `Insufficient ${line.assetType === 'cash' ? line.asset : 'units'} balance`,
      );
    }
  }
  return entryId;
}

/** Total and reserved of one account and asset (zeros when never touched). */
export async function getBalance(
  db: Executor,
  accountId: string,
  assetType: AssetType,
  asset: string,
): Promise<{ total: bigint; reserved: bigint }> {
  const [row] = await db
    .select({ total: balances.total, reserved: balances.reserved })
    .from(balances)
    .where(and(eq(balances.accountId, accountId), eq(balances.assetType, assetType), eq(balances.asset, asset)));
  return row ?? { total: 0n, reserved: 0n };
}
