import { timeOrderedId } from '../../time-ordered-id';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client';
import type { JournalKind } from '../../db/schema';
import type { BalanceKey } from './balances';

/**
 * A payment from one balance to many accounts in the same asset (a coupon to every holder),
 * written set-based: the recipients never travel through Node. `recipients` is a query
 * yielding `(account_id uuid, amount bigint)`, one row per account; rows of zero or less and
 * the payer's own row are left out (the payer paying itself moves nothing).
 */
export interface Distribution {
  kind: JournalKind;
  /** What the entry records, e.g. `servicing:<eventId>`. */
  reference: string;
  createdAt: Date;
  /** The balance paying: one journal line of minus the total. */
  payer: BalanceKey;
  recipients: SQL;
}

export type DistributionResult =
  /** Posted as ONE journal entry (`entryId` null when there was nobody to pay). */
  | { status: 'posted'; entryId: string | null; count: number; total: bigint }
  /** The payer's available balance is below the total: nothing written. */
  | { status: 'short'; count: number; total: bigint; available: bigint };

/** Temporary table holding one distribution's recipients; dropped at the end of the call (or the transaction). */
const TABLE = sql.raw('ledger_distribution');

/**
 * Pays a distribution in the caller's transaction, all or nothing, in a number of statements
 * that does not grow with the recipients and with work linear in them (decision 0053):
 * 1. the recipients are materialised once in a temporary table (primary key: one row per account);
 * 2. the payer's and every recipient's balance of the asset are locked in key order (a system
 *    payer last, as `lockInOrder`), so an order batch and a distribution do not wait on each
 *    other in a cycle; count, total and the payer's available balance are read;
 * 3. a user payer whose available balance (total - reserved) is below the total answers
 *    `short` and nothing is written (a system payer may run negative);
 * 4. otherwise ONE statement inserts the journal entry and its lines (payer -total, each
 *    recipient +amount: the entry nets to zero), adds to existing balances, creates missing
 *    ones and takes the total from the payer; `ledger_guard` raises MR001 unless every
 *    balance change applied, so the books never hold half a distribution.
 */
export async function distribute(tx: Tx, d: Distribution): Promise<DistributionResult> {
  const { accountId: payer, assetType, asset } = d.payer;
  await tx.execute(
    sql`create temp table ${TABLE} (account_id uuid primary key, amount bigint not null) on commit drop`,
  );
  await tx.execute(sql`insert into ${TABLE} (account_id, amount)
    select r.account_id, r.amount from (${d.recipients}) r
    where r.amount > 0 and r.account_id <> ${payer}::uuid
    order by r.account_id`);
  const [payerAccount] = await selectRows<{ system: boolean }>(
    tx,
    sql`select user_id is null as system from ledger_accounts where id = ${payer}::uuid`,
  );
  if (!payerAccount) throw new Error(`Ledger account ${payer} does not exist`);
  const system = payerAccount.system;
  // The payer's and every recipient's balance locked in key order, a system payer last (as
  // `lockInOrder`; recipients of record are user accounts); one answer row however many.
  await tx.execute(sql`select count(*) from (
    select 1 from balances b
    where b.asset_type = ${assetType} and b.asset = ${asset}
      and b.account_id in (select account_id from ${TABLE} union all select ${payer}::uuid)
    order by b.account_id = ${payer}::uuid and ${system}::boolean, b.account_id
    for update of b) locked`);
  const [summary] = await selectRows<{ count: string; total: string | null; available: string | null }>(
    tx,
    sql`select (select count(*) from ${TABLE})::text as count, (select sum(amount) from ${TABLE})::text as total,
        (select b.total - b.reserved from balances b
          where b.account_id = ${payer}::uuid and b.asset_type = ${assetType} and b.asset = ${asset})::text as available`,
  );
  const count = Number(summary!.count);
  const total = BigInt(summary!.total ?? '0');
  const available = BigInt(summary!.available ?? '0');
  if (!system && available < total) {
    await tx.execute(sql`drop table ${TABLE}`);
    return { status: 'short', count, total, available };
  }
  if (count === 0) {
    await tx.execute(sql`drop table ${TABLE}`);
    return { status: 'posted', entryId: null, count, total };
  }
  const entryId = timeOrderedId();
  const amount = (-total).toString();
  const createPayer = system && summary!.available === null;
  await tx.execute(sql`with
    je as (insert into journal_entries (id, kind, reference, created_at)
      values (${entryId}::uuid, ${d.kind}, ${d.reference}, ${d.createdAt.toISOString()}::timestamptz)),
    jl as (insert into journal_lines (entry_id, account_id, asset_type, asset, amount)
      select ${entryId}::uuid, ${payer}::uuid, ${assetType}, ${asset}, ${amount}::bigint
      union all
      select ${entryId}::uuid, r.account_id, ${assetType}, ${asset}, r.amount from ${TABLE} r),
    upd as (update balances b set total = b.total + r.amount from ${TABLE} r
      where b.account_id = r.account_id and b.asset_type = ${assetType} and b.asset = ${asset}
      returning 1),
    ins as (insert into balances (account_id, asset_type, asset, total, reserved)
      select r.account_id, ${assetType}, ${asset}, r.amount, 0 from ${TABLE} r
      where not exists (select 1 from balances b
        where b.account_id = r.account_id and b.asset_type = ${assetType} and b.asset = ${asset})
      on conflict (account_id, asset_type, asset) do update set total = balances.total + excluded.total
      returning 1),
    pay as (update balances b set total = b.total + ${amount}::bigint
      where b.account_id = ${payer}::uuid and b.asset_type = ${assetType} and b.asset = ${asset}
        and (${system}::boolean or b.total + ${amount}::bigint >= b.reserved)
      returning 1),
    pay_ins as (insert into balances (account_id, asset_type, asset, total, reserved)
      select ${payer}::uuid, ${assetType}, ${asset}, ${amount}::bigint, 0 where ${createPayer}::boolean
      returning 1)
    select ledger_guard(
      (select count(*) from upd) + (select count(*) from ins) = ${count}
        and (select count(*) from pay) + (select count(*) from pay_ins) = 1,
      'a distribution would leave the payer below its reservations') as ok`);
  await tx.execute(sql`drop table ${TABLE}`);
  return { status: 'posted', entryId, count, total };
}
