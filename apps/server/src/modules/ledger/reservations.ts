import { asc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { balances, journalEntries, journalLines } from '../../db/schema';
import { balanceKey, type BalanceDelta, type BalanceKey } from './balance-deltas';
import { checkBalanced, type JournalInput } from './service';

/** PostgreSQL allows 65,535 parameters per statement; multi-row writes are cut well below. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Locks the given balances FOR UPDATE, in key order so concurrent callers queue on the
 * same rows instead of deadlocking, and answers their available amount (total - reserved;
 * 0 for a balance never touched). Reservations decided on these figures stay valid until
 * the transaction ends.
 */
export async function lockAvailable(tx: Tx, keys: Iterable<BalanceKey>): Promise<Map<string, bigint>> {
  const unique = new Map<string, BalanceKey>();
  for (const key of keys) unique.set(balanceKey(key), key);
  const available = new Map<string, bigint>();
  if (unique.size === 0) return available;
  const tuples = [...unique.values()].map((k) => sql`(${k.accountId}::uuid, ${k.assetType}, ${k.asset})`);
  const rows = await tx
    .select({ accountId: balances.accountId, assetType: balances.assetType, asset: balances.asset, total: balances.total, reserved: balances.reserved })
    .from(balances)
    .where(sql`(${balances.accountId}, ${balances.assetType}, ${balances.asset}) in (${sql.join(tuples, sql`, `)})`)
    .orderBy(asc(balances.accountId), asc(balances.assetType), asc(balances.asset))
    .for('update');
  for (const row of rows) available.set(balanceKey(row), row.total - row.reserved);
  return available;
}

/**
 * Applies net changes of total and reserved: one UPDATE for the existing rows, one INSERT
 * for holdings a delivery creates. (An upsert cannot carry raw deltas: PostgreSQL checks
 * the proposed row, e.g. reserved without total, before it finds the conflict.) The
 * table's check keeps reserved within total on the result.
 */
export async function applyBalanceDeltas(tx: Tx, deltas: readonly BalanceDelta[]): Promise<void> {
  for (let i = 0; i < deltas.length; i += ROWS_PER_STATEMENT) {
    const chunk = deltas.slice(i, i + ROWS_PER_STATEMENT);
    const values = chunk.map((d) => sql`(${d.accountId}::uuid, ${d.assetType}, ${d.asset}, ${d.total}::bigint, ${d.reserved}::bigint)`);
    const updated = rowsOf(
      await tx.execute(sql`update ${balances} b set total = b.total + v.total, reserved = b.reserved + v.reserved
        from (values ${sql.join(values, sql`, `)}) as v(account_id, asset_type, asset, total, reserved)
        where b.account_id = v.account_id and b.asset_type = v.asset_type and b.asset = v.asset
        returning b.account_id, b.asset_type, b.asset`),
    );
    const done = new Set(updated.map((r) => balanceKey({ accountId: String(r.account_id), assetType: r.asset_type as BalanceKey['assetType'], asset: String(r.asset) })));
    const fresh = chunk.filter((d) => !done.has(balanceKey(d)));
    if (fresh.length > 0) {
      await tx
        .insert(balances)
        .values(fresh)
        .onConflictDoUpdate({
          target: [balances.accountId, balances.assetType, balances.asset],
          set: { total: sql`${balances.total} + excluded.total`, reserved: sql`${balances.reserved} + excluded.reserved` },
        });
    }
  }
}

// PGlite answers `{ rows }`, postgres-js an array of rows.
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) ?? [];
}

/**
 * Writes many balanced journal entries (ids chosen by the caller) with two multi-row
 * inserts. Balances are NOT touched: the caller folds the lines into its deltas, so one
 * statement updates every balance of a batch.
 */
export async function insertJournals(tx: Tx, entries: readonly (JournalInput & { id: string; createdAt: Date })[]): Promise<void> {
  for (const entry of entries) checkBalanced(entry.lines);
  for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
    const chunk = entries.slice(i, i + ROWS_PER_STATEMENT);
    await tx.insert(journalEntries).values(chunk.map((e) => ({ id: e.id, kind: e.kind, reference: e.reference, createdAt: e.createdAt })));
  }
  const lines = entries.flatMap((e) => e.lines.map((line) => ({ entryId: e.id, ...line })));
  for (let i = 0; i < lines.length; i += ROWS_PER_STATEMENT) {
    await tx.insert(journalLines).values(lines.slice(i, i + ROWS_PER_STATEMENT));
  }
}
