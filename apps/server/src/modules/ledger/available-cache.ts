import { balanceKey, type BalanceKey } from './balance-deltas';
import type { BalanceState } from './reservations';

/**
 * The last known available amount (total - reserved) of ledger balances, by balanceKey,
 * as this process last read or wrote them. A hint, never the truth: order batches decide
 * on it and write with the balance guard (`writeWithBalances`), which refuses the whole
 * batch when the database disagrees; a refusal for want of funds is only answered on a
 * fresh read. Bounded: past `capacity` keys it starts over.
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

  /** Records balances as a statement left them. */
  remember(states: readonly BalanceState[]): void {
    for (const s of states) this.set(s, s.total - s.reserved);
  }
}
