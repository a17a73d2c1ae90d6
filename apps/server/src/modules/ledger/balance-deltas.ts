/** Which balance a change applies to: an account's cash in a currency, or its units of an instrument. */
export interface BalanceKey {
  accountId: string;
  assetType: 'cash' | 'units';
  asset: string;
}

export interface BalanceDelta extends BalanceKey {
  total: bigint;
  reserved: bigint;
}

export const balanceKey = (k: BalanceKey) => `${k.accountId}|${k.assetType}|${k.asset}`;

/**
 * Net changes to ledger balances collected over a batch and written in one statement;
 * kept sorted by key when written so concurrent batches lock rows in the same order.
 */
export class BalanceDeltas {
  private readonly byKey = new Map<string, BalanceDelta>();

  add(key: BalanceKey, total: bigint, reserved: bigint): void {
    if (total === 0n && reserved === 0n) return;
    const id = balanceKey(key);
    const delta = this.byKey.get(id);
    if (delta) {
      delta.total += total;
      delta.reserved += reserved;
    } else {
      this.byKey.set(id, { ...key, total, reserved });
    }
  }

  /** Non-zero deltas, sorted by key. */
  list(): BalanceDelta[] {
    return [...this.byKey.entries()]
      .filter(([, d]) => d.total !== 0n || d.reserved !== 0n)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, d]) => d);
  }
}
