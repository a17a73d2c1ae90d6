import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jsonRows, rowsOf, uuidArray } from '../../db/json-rows';
import { executePrepared } from '../../db/prepared';
import type { AssetType } from '../../db/schema';
import { unprocessable } from '../../errors';
import type { BalanceKey, BalanceState } from './balances';
import { LedgerBatch, type BalanceDelta, type JournalEntry, type PostedEntry, type Settlement } from './batch';

/** Balance changes up to which a write keeps the order path's per-row account filter (see balanceCtes). */
const SMALL_BATCH = 256;

/** SQLSTATE raised by `ledger_guard` (migration 0003) when a ledger write refuses its own result. */
export const LEDGER_GUARD_SQLSTATE = 'MR001';

/** True when `error` (possibly wrapped by the driver or Drizzle) is the ledger guard refusing a write. */
export function isLedgerGuardRefusal(error: unknown): boolean {
  return sqlState(error) === LEDGER_GUARD_SQLSTATE;
}

/** The SQLSTATE of a database error, also when the driver or Drizzle wrapped it. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Writes a batch as ONE statement (one round trip, atomic on its own or inside the caller's
 * transaction): its journal entries and lines, and the balance changes they and the
 * reservation changes imply, together with the caller's own `alongside` CTEs (e.g. the
 * orders and trades the entries settle). The single guard of the ledger: a change to a
 * user account's balance applies only if it leaves total >= reserved >= 0, whatever the
 * caller believed the balance to be; system accounts (issuance, external) may run
 * negative. If any change does not apply, `ledger_guard` fails the whole statement with
 * LEDGER_GUARD_SQLSTATE and nothing is written. Answers every balance the batch touched
 * as the statement left it.
 */
export async function commit(
  db: Db | Tx,
  batch: LedgerBatch,
  alongside: readonly SQL[] = [],
  options: { answer?: boolean } = {},
): Promise<BalanceState[]> {
  const ctes = [...alongside, ...journalCtes(batch.entries)];
  const deltas = batch.balanceDeltas();
  if (deltas.length === 0) {
    if (ctes.length > 0) await executePrepared(db, sql`with ${sql.join(ctes, sql`, `)} select 1`);
    return [];
  }
  // The guard runs exactly once (one row even when no balance was written), after every CTE.
  const guard = sql`ledger_guard((select count(*) from bal_upd) + (select count(*) from bal_ins) = ${deltas.length},
        'a balance change would leave less than its reservations')`;
  const all = sql.join([...ctes, ...balanceCtes(deltas)], sql`, `);
  if (options.answer === false) {
    // Callers that do not read the balances back (post, settle): one row instead of one per balance.
    await executePrepared(db, sql`with ${all} select ${guard} as ok`);
    return [];
  }
  const result = await executePrepared(
    db,
    sql`with ${all}
    select ${guard} as ok, x.account_id, x.asset_type, x.asset, x.total, x.reserved
    from (select 1) g left join (select * from bal_upd union all select * from bal_ins) x on true`,
  );
  return rowsOf(result).map((row) => ({
    accountId: String(row.account_id),
    assetType: row.asset_type as AssetType,
    asset: String(row.asset),
    total: BigInt(String(row.total)),
    reserved: BigInt(String(row.reserved)),
  }));
}

/**
 * Posts balanced journal entries in the caller's transaction, in one statement however
 * many lines they have; balances follow from the lines. Answers the entry ids in order.
 * Refused with 422 INSUFFICIENT_BALANCE if a user account would go below its reservations.
 */
export async function post(db: Db | Tx, entries: readonly JournalEntry[]): Promise<string[]> {
  const batch = new LedgerBatch();
  const ids = entries.map((e) => batch.post(e));
  await commitOrRefuse(db, batch, false);
  return ids;
}

/** Settles trades delivery versus payment (see Settlement); answers the entry ids in order. */
export async function settle(db: Db | Tx, trades: readonly Settlement[]): Promise<string[]> {
  const batch = new LedgerBatch();
  const ids = trades.map((s) => batch.settle(s));
  await commitOrRefuse(db, batch, false);
  return ids;
}

/** Reserves `amount` of a balance; refused with 422 INSUFFICIENT_BALANCE beyond what is available. */
export async function reserve(db: Db | Tx, key: BalanceKey, amount: bigint): Promise<BalanceState[]> {
  const batch = new LedgerBatch();
  batch.reserve(key, amount);
  return commitOrRefuse(db, batch);
}

/** Releases `amount` of a reservation. */
export async function release(db: Db | Tx, key: BalanceKey, amount: bigint): Promise<BalanceState[]> {
  const batch = new LedgerBatch();
  batch.release(key, amount);
  return commitOrRefuse(db, batch);
}

async function commitOrRefuse(db: Db | Tx, batch: LedgerBatch, answer = true): Promise<BalanceState[]> {
  try {
    await lockInOrder(db, batch.balanceDeltas());
    return await commit(db, batch, [], { answer });
  } catch (error) {
    if (isLedgerGuardRefusal(error)) {
      throw unprocessable('INSUFFICIENT_BALANCE', 'Insufficient balance: the change would leave less than is reserved');
    }
    throw error;
  }
}

/**
 * Locks the balances a write will change: user accounts first, then system accounts, each
 * in key order. A statement's UPDATE locks rows in whatever order its plan visits them;
 * writes made inside a longer transaction (custody, servicing) take their locks up front
 * in this order instead, so two of them, or one and an order batch, never wait on each
 * other in a cycle over a shared system account such as `external:cash`.
 */
async function lockInOrder(db: Db | Tx, deltas: readonly BalanceDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const keys = deltas.map((d) => ({ account_id: d.accountId, asset_type: d.assetType, asset: d.asset }));
  // Counted, not returned: one answer row however many balances are locked.
  await db.execute(sql`select count(*) from (
    select 1 from balances b
    join json_to_recordset(${jsonRows(keys)}::json) as k(account_id uuid, asset_type text, asset text)
      on b.account_id = k.account_id and b.asset_type = k.asset_type and b.asset = k.asset
    join ledger_accounts a on a.id = b.account_id
    where b.account_id = any(${uuidArray(keys.map((k) => k.account_id))})
    order by a.user_id is null, b.account_id, b.asset_type, b.asset
    for update of b) locked`);
}

/** CTEs writing entries and their lines, each set from ONE JSON parameter. */
function journalCtes(entries: readonly PostedEntry[]): SQL[] {
  if (entries.length === 0) return [];
  const heads = entries.map((e) => ({ id: e.id, kind: e.kind, reference: e.reference, created_at: e.createdAt }));
  const lines = entries.flatMap((e) =>
    e.lines.map((l) => ({
      entry_id: e.id,
      account_id: l.accountId,
      asset_type: l.assetType,
      asset: l.asset,
      amount: String(l.amount),
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
 * CTEs applying net changes of total and reserved, guarded: an UPDATE for existing rows
 * and an INSERT for balances the write creates. (A plain upsert cannot carry raw deltas:
 * PostgreSQL checks the proposed row, e.g. reserved without total, before it sees the
 * conflict; the insert's ON CONFLICT only covers a row another transaction created since
 * this statement's snapshot.) `system` marks accounts without a user, which may run negative.
 * Cost is linear in the number of deltas: `bal_in` (planned small, from the `any(...)` on the
 * accounts' primary key) drives one index probe of `balances` per delta by its full key. The
 * per-row `any(<every account>)` filter made a coupon to n holders cost n x n, so only small
 * batches keep it (decision 0045, docs/benchmarks.md).
 */
function balanceCtes(deltas: readonly BalanceDelta[]): SQL[] {
  const rows = deltas.map((d) => ({
    account_id: d.accountId,
    asset_type: d.assetType,
    asset: d.asset,
    total: String(d.total),
    reserved: String(d.reserved),
  }));
  const accounts = uuidArray(deltas.map((d) => d.accountId));
  // Small batches (the order path) keep the per-row `any(...)` beside each probe, the plan they
  // were measured with; past SMALL_BATCH it is linear per row, so a large post drops it.
  const narrow = deltas.length <= SMALL_BATCH ? sql`and b.account_id = any(${accounts})` : sql``;
  return [
    sql`bal_in as (select d.account_id, d.asset_type, d.asset, d.total, d.reserved, a.user_id is null as system
      from json_to_recordset(${jsonRows(rows)}::json) as d(account_id uuid, asset_type text, asset text, total bigint, reserved bigint)
      join ledger_accounts a on a.id = d.account_id and a.id = any(${accounts}))`,
    sql`bal_upd as (update balances b set total = b.total + d.total, reserved = b.reserved + d.reserved from bal_in d
      where b.account_id = d.account_id and b.asset_type = d.asset_type and b.asset = d.asset
        and b.reserved + d.reserved >= 0 and (d.system or b.total + d.total >= b.reserved + d.reserved)
        ${narrow}
      returning b.account_id, b.asset_type, b.asset, b.total, b.reserved)`,
    sql`bal_ins as (insert into balances (account_id, asset_type, asset, total, reserved)
      select d.account_id, d.asset_type, d.asset, d.total, d.reserved from bal_in d
      where d.reserved >= 0 and (d.system or d.total >= d.reserved)
        and not exists (select 1 from balances b where b.account_id = d.account_id and b.asset_type = d.asset_type and b.asset = d.asset
          ${narrow})
      on conflict (account_id, asset_type, asset) do update
        set total = balances.total + excluded.total, reserved = balances.reserved + excluded.reserved
        where balances.reserved + excluded.reserved >= 0 and balances.total + excluded.total >= balances.reserved + excluded.reserved
      returning account_id, asset_type, asset, total, reserved)`,
  ];
}
