import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { balanceKey, type BalanceDelta, type BalanceKey } from './balance-deltas';
import { jsonRows, rowsOf, uuidArray } from './json-rows';
import { checkBalanced, type JournalLine } from './service';

/**
 * Locks the given balances FOR UPDATE, in key order so concurrent callers queue on the
 * same rows instead of deadlocking, and answers their available amount (total - reserved;
 * absent for a balance never touched). Reservations decided on these figures stay valid
 * until the transaction ends.
 */
export function lockAvailable(tx: Tx, keys: Iterable<BalanceKey>): Promise<Map<string, bigint>> {
  return selectAvailable(tx, keys, true);
}

/** The available amount of the given balances as committed now, without locking them (absent: never touched). */
export function readAvailable(db: Db | Tx, keys: Iterable<BalanceKey>): Promise<Map<string, bigint>> {
  return selectAvailable(db, keys, false);
}

async function selectAvailable(
  db: Db | Tx,
  keys: Iterable<BalanceKey>,
  forUpdate: boolean,
): Promise<Map<string, bigint>> {
  const unique = new Map<string, BalanceKey>();
  for (const key of keys) unique.set(balanceKey(key), key);
  const available = new Map<string, bigint>();
  if (unique.size === 0) return available;
  const wanted = [...unique.values()].map((k) => ({
    account_id: k.accountId,
    asset_type: k.assetType,
    asset: k.asset,
  }));
  const result = await db.execute(sql`
    select b.account_id, b.asset_type, b.asset, b.total - b.reserved as available
    from balances b
    join json_to_recordset(${jsonRows(wanted)}::json) as k(account_id uuid, asset_type text, asset text)
      on b.account_id = k.account_id and b.asset_type = k.asset_type and b.asset = k.asset
    where b.account_id = any(${uuidArray(wanted.map((k) => k.account_id))})
    order by b.account_id, b.asset_type, b.asset
    ${forUpdate ? sql`for update of b` : sql``}`);
  for (const row of rowsOf(result)) {
    const key = {
      accountId: String(row.account_id),
      assetType: row.asset_type as BalanceKey['assetType'],
      asset: String(row.asset),
    };
    available.set(balanceKey(key), BigInt(String(row.available)));
  }
  return available;
}

/** SQLSTATE raised by `ledger_guard` (migration 0003) when a guarded statement refuses its own result. */
export const LEDGER_GUARD_SQLSTATE = 'MR001';

/** A balance as a statement left it. */
export interface BalanceState extends BalanceKey {
  total: bigint;
  reserved: bigint;
}

/**
 * CTEs applying net changes of total and reserved: an UPDATE for existing rows and an
 * INSERT for holdings a delivery creates. (An upsert cannot carry raw deltas: PostgreSQL
 * checks the proposed row, e.g. reserved without total, before it sees the conflict.)
 * Guarded: a change applies only if it leaves total >= reserved, i.e. never spends more
 * than is available, whatever the caller believed the balance to be; `writeWithBalances`
 * refuses the statement when any change did not apply. Meant for user accounts (system
 * accounts may run negative and are posted through postJournal).
 */
function balanceDeltaCtes(deltas: readonly BalanceDelta[]): SQL[] {
  const rows = deltas.map((d) => ({
    account_id: d.accountId,
    asset_type: d.assetType,
    asset: d.asset,
    total: d.total,
    reserved: d.reserved,
  }));
  const accounts = uuidArray(deltas.map((d) => d.accountId));
  return [
    sql`bal_in as (select * from json_to_recordset(${jsonRows(rows)}::json) as d(account_id uuid, asset_type text, asset text, total bigint, reserved bigint))`,
    sql`bal_upd as (update balances b set total = b.total + d.total, reserved = b.reserved + d.reserved from bal_in d
      where b.account_id = d.account_id and b.asset_type = d.asset_type and b.asset = d.asset and b.total + d.total >= b.reserved + d.reserved
        and b.account_id = any(${accounts})
      returning b.account_id, b.asset_type, b.asset, b.total, b.reserved)`,
    sql`bal_ins as (insert into balances (account_id, asset_type, asset, total, reserved)
      select d.account_id, d.asset_type, d.asset, d.total, d.reserved from bal_in d
      where d.total >= d.reserved
        and not exists (select 1 from balances b where b.account_id = d.account_id and b.asset_type = d.asset_type and b.asset = d.asset
          and b.account_id = any(${accounts}))
      returning account_id, asset_type, asset, total, reserved)`,
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
  const lines = entries.flatMap((e) =>
    e.lines.map((l) => ({
      entry_id: e.id,
      account_id: l.accountId,
      asset_type: l.assetType,
      asset: l.asset,
      amount: l.amount,
    })),
  );
  return [
    sql`je_ins as (insert into journal_entries (id, kind, reference, created_at)
      select id, kind, reference, created_at from json_to_recordset(${jsonRows(heads)}::json) as e(id uuid, kind text, reference text, created_at timestamptz))`,
    sql`jl_ins as (insert into journal_lines (entry_id, account_id, asset_type, asset, amount)
      select entry_id, account_id, asset_type, asset, amount
      from json_to_recordset(${jsonRows(lines)}::json) as l(entry_id uuid, account_id uuid, asset_type text, asset text, amount bigint))`,
  ];
}

/**
 * Runs `ctes` together with the guarded balance `deltas` as ONE statement (one round trip,
 * atomic on its own or inside the caller's transaction) and answers every balance the
 * deltas touched as the statement left it. Fails with LEDGER_GUARD_SQLSTATE, writing
 * nothing, when a delta would leave a balance below its reservations.
 */
export async function writeWithBalances(
  db: Db | Tx,
  ctes: readonly SQL[],
  deltas: readonly BalanceDelta[],
): Promise<BalanceState[]> {
  if (deltas.length === 0) {
    if (ctes.length > 0) await db.execute(sql`with ${sql.join([...ctes], sql`, `)} select 1`);
    return [];
  }
  // The guard runs exactly once (one row even when no balance was written), after every CTE.
  const result = await db.execute(sql`with ${sql.join([...ctes, ...balanceDeltaCtes(deltas)], sql`, `)}
    select ledger_guard((select count(*) from bal_upd) + (select count(*) from bal_ins) = ${deltas.length},
        'a balance change would leave less than its reservations') as ok,
      x.account_id, x.asset_type, x.asset, x.total, x.reserved
    from (select 1) g left join (select * from bal_upd union all select * from bal_ins) x on true`);
  return rowsOf(result).map((row) => ({
    accountId: String(row.account_id),
    assetType: row.asset_type as BalanceKey['assetType'],
    asset: String(row.asset),
    total: BigInt(String(row.total)),
    reserved: BigInt(String(row.reserved)),
  }));
}
