import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jsonRows, rowsOf, uuidArray } from '../../db/json-rows';
import { executePrepared } from '../../db/prepared';
import { balances, type AssetType } from '../../db/schema';

/** Which balance: an account's cash in a currency, or its units of an instrument. */
export interface BalanceKey {
  accountId: string;
  assetType: AssetType;
  /** Currency code for cash, instrument id for units. */
  asset: string;
}

/** A balance as a statement left it; available = total - reserved. */
export interface BalanceState extends BalanceKey {
  total: bigint;
  reserved: bigint;
}

export const balanceKey = (k: BalanceKey) => `${k.accountId}|${k.assetType}|${k.asset}`;

/** Total and reserved of one account and asset (zeros when never touched). */
export async function getBalance(
  db: Db | Tx,
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

/** Every balance of one account, cash and units, as committed now. */
export async function accountBalances(db: Db | Tx, accountId: string): Promise<BalanceState[]> {
  const rows = await db
    .select({
      assetType: balances.assetType,
      asset: balances.asset,
      total: balances.total,
      reserved: balances.reserved,
    })
    .from(balances)
    .where(eq(balances.accountId, accountId));
  return rows.map((r) => ({ accountId, ...r }));
}

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
  const result = await executePrepared(
    db,
    sql`
    select b.account_id, b.asset_type, b.asset, b.total - b.reserved as available
    from balances b
    join json_to_recordset(${jsonRows(wanted)}::json) as k(account_id uuid, asset_type text, asset text)
      on b.account_id = k.account_id and b.asset_type = k.asset_type and b.asset = k.asset
    where b.account_id = any(${uuidArray(wanted.map((k) => k.account_id))})
    order by b.account_id, b.asset_type, b.asset
    ${forUpdate ? sql`for update of b` : sql``}`,
  );
  for (const row of rowsOf(result)) {
    const key = {
      accountId: String(row.account_id),
      assetType: row.asset_type as AssetType,
      asset: String(row.asset),
    };
    available.set(balanceKey(key), BigInt(String(row.available)));
  }
  return available;
}

/**
 * The last known available amount (total - reserved) of ledger balances, by balanceKey,
 * as this process last read or wrote them. A hint, never the truth: callers decide on it
 * and write through the guarded ledger write (`commit`), which refuses the whole write
 * when the database disagrees; a refusal for want of funds is only answered on a fresh
 * read. Bounded: past `capacity` keys it starts over.
 */
export class AvailableCache {
  private readonly byKey = new Map<string, bigint>();

  constructor(private readonly capacity = 100_000) {}

  get(key: BalanceKey): bigint | undefined {
    return this.byKey.get(balanceKey(key));
  }

  set(key: BalanceKey, available: bigint): void {
    const id = balanceKey(key);
    if (this.byKey.size >= this.capacity && !this.byKey.has(id)) this.byKey.clear();
    this.byKey.set(id, available);
  }

  /** Records balances as a write left them. */
  remember(states: readonly BalanceState[]): void {
    for (const s of states) this.set(s, s.total - s.reserved);
  }
}
