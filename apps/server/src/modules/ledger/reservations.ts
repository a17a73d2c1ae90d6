import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { balanceKey, type BalanceDelta, type BalanceKey } from './balance-deltas';
import { jsonRows, rowsOf } from './json-rows';
import { checkBalanced, type JournalLine } from './service';

/**
 * Locks the given balances FOR UPDATE, in key order so concurrent callers queue on the
 * same rows instead of deadlocking, and answers their available amount (total - reserved;
 * absent for a balance never touched). Reservations decided on these figures stay valid
 * until the transaction ends.
 */
export async function lockAvailable(tx: Tx, keys: Iterable<BalanceKey>): Promise<Map<string, bigint>> {
  const unique = new Map<string, BalanceKey>();
  for (const key of keys) unique.set(balanceKey(key), key);
  const available = new Map<string, bigint>();
  if (unique.size === 0) return available;
  const wanted = [...unique.values()].map((k) => ({ account_id: k.accountId, asset_type: k.assetType, asset: k.asset }));
  const result = await tx.execute(sql`
    select b.account_id, b.asset_type, b.asset, b.total - b.reserved as available
    from balances b
    join jsonb_to_recordset(${jsonRows(wanted)}::jsonb) as k(account_id uuid, asset_type text, asset text)
      on b.account_id = k.account_id and b.asset_type = k.asset_type and b.asset = k.asset
    order by b.account_id, b.asset_type, b.asset
    for update of b`);
  for (const row of rowsOf(result)) {
    const key = { accountId: String(row.account_id), assetType: row.asset_type as BalanceKey['assetType'], asset: String(row.asset) };
    available.set(balanceKey(key), BigInt(String(row.available)));
  }
  return available;
}

/**
 * CTEs applying net changes of total and reserved: an UPDATE for existing rows and an
 * INSERT for holdings a delivery creates. (An upsert cannot carry raw deltas: PostgreSQL
 * checks the proposed row, e.g. reserved without total, before it sees the conflict.)
 * The table's check keeps reserved within total on the result.
 */
export function balanceDeltaCtes(deltas: readonly BalanceDelta[]): SQL[] {
  if (deltas.length === 0) return [];
  const rows = deltas.map((d) => ({ account_id: d.accountId, asset_type: d.assetType, asset: d.asset, total: d.total, reserved: d.reserved }));
  return [
    sql`bal_in as (select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as d(account_id uuid, asset_type text, asset text, total bigint, reserved bigint))`,
    sql`bal_upd as (update balances b set total = b.total + d.total, reserved = b.reserved + d.reserved from bal_in d
      where b.account_id = d.account_id and b.asset_type = d.asset_type and b.asset = d.asset
      returning b.account_id, b.asset_type, b.asset)`,
    sql`bal_ins as (insert into balances (account_id, asset_type, asset, total, reserved)
      select d.account_id, d.asset_type, d.asset, d.total, d.reserved from bal_in d
      where not exists (select 1 from bal_upd u where u.account_id = d.account_id and u.asset_type = d.asset_type and u.asset = d.asset))`,
  ];
}

export interface JournalRecord {
  id: string;
  kind: 'issue' | 'trade' | 'deposit' | 'withdraw';
  reference: string;
  createdAt: Date;
  lines: readonly JournalLine[];
}

/**
 * CTEs writing many balanced journal entries (ids chosen by the caller). Balances are
 * not touched here: the caller folds the lines into its balance deltas.
 */
export function journalCtes(entries: readonly JournalRecord[]): SQL[] {
  if (entries.length === 0) return [];
  for (const entry of entries) checkBalanced(entry.lines);
  const heads = entries.map((e) => ({ id: e.id, kind: e.kind, reference: e.reference, created_at: e.createdAt }));
  const lines = entries.flatMap((e) => e.lines.map((l) => ({ entry_id: e.id, account_id: l.accountId, asset_type: l.assetType, asset: l.asset, amount: l.amount })));
  return [
    sql`je_ins as (insert into journal_entries (id, kind, reference, created_at)
      select id, kind, reference, created_at from jsonb_to_recordset(${jsonRows(heads)}::jsonb) as e(id uuid, kind text, reference text, created_at timestamptz))`,
    sql`jl_ins as (insert into journal_lines (entry_id, account_id, asset_type, asset, amount)
      select entry_id, account_id, asset_type, asset, amount
      from jsonb_to_recordset(${jsonRows(lines)}::jsonb) as l(entry_id uuid, account_id uuid, asset_type text, asset text, amount bigint))`,
  ];
}

/** Runs CTEs as one statement (one round trip for a whole batch of writes). */
export async function executeCtes(tx: Tx, ctes: SQL[]): Promise<void> {
  if (ctes.length === 0) return;
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
