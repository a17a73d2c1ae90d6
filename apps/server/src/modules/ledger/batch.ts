import { timeOrderedId } from '../../time-ordered-id';
import type { JournalKind } from '../../db/schema';
import { unprocessable } from '../../errors';
import { balanceKey, type BalanceKey } from './balances';

export interface JournalLine extends BalanceKey {
  /** Signed amount in the asset's smallest unit: cash in minor units, units whole. */
  amount: bigint;
}

export interface JournalEntry {
  kind: JournalKind;
  /** What the entry records, e.g. `instrument:<id>`, `trade:<id>`, `custody:<...>`. */
  reference: string;
  lines: readonly JournalLine[];
  /** Defaults to now. */
  createdAt?: Date;
}

/** A posted entry as it will be written (id chosen here, so callers can reference it in the same statement). */
export interface PostedEntry extends Required<JournalEntry> {
  id: string;
}

/**
 * One trade to settle delivery versus payment: `price x quantity` of cash from the buyer
 * to the seller and `quantity` units from the seller to the buyer, paid out of what the
 * buyer reserved and delivered out of what the seller reserved.
 */
export interface Settlement {
  /** The trade id; the entry's reference is `trade:<id>`. */
  tradeId: string;
  buyerAccountId: string;
  sellerAccountId: string;
  instrumentId: string;
  currency: string;
  /** Minor units per unit. */
  price: bigint;
  quantity: bigint;
  createdAt?: Date;
}

/** A net change to one balance. */
export interface BalanceDelta extends BalanceKey {
  total: bigint;
  reserved: bigint;
}

const assetOf = (line: Pick<JournalLine, 'assetType' | 'asset'>) => `${line.assetType}:${line.asset}`;

/** Refuses an entry without lines, with a zero line, or whose lines do not net to zero per asset. */
export function checkBalanced(lines: readonly JournalLine[]): void {
  if (lines.length === 0) throw unprocessable('UNBALANCED_JOURNAL', 'A journal entry needs at least one line');
  const net = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amount === 0n) throw unprocessable('UNBALANCED_JOURNAL', 'Journal lines must not be zero');
    net.set(assetOf(line), (net.get(assetOf(line)) ?? 0n) + line.amount);
  }
  for (const [asset, amount] of net) {
    if (amount !== 0n)
      throw unprocessable('UNBALANCED_JOURNAL', `Journal lines for ${asset} do not net to zero (${amount})`);
  }
}

/** Delivery versus payment, the only place it is spelled out: nets to zero per asset. */
export function dvpLines(s: Settlement): JournalLine[] {
  const value = s.price * s.quantity;
  return [
    { accountId: s.buyerAccountId, assetType: 'cash', asset: s.currency, amount: -value },
    { accountId: s.sellerAccountId, assetType: 'cash', asset: s.currency, amount: value },
    { accountId: s.sellerAccountId, assetType: 'units', asset: s.instrumentId, amount: -s.quantity },
    { accountId: s.buyerAccountId, assetType: 'units', asset: s.instrumentId, amount: s.quantity },
  ];
}

/**
 * Everything one ledger write will do: journal entries (whose lines are the only source of
 * changes to balance totals) and changes to reservations. Collected in memory, then
 * written by `commit` as ONE guarded statement. Net changes per balance are kept sorted
 * by key when written, so concurrent writers lock rows in the same order.
 */
export class LedgerBatch {
  readonly entries: PostedEntry[] = [];
  private readonly deltas = new Map<string, BalanceDelta>();

  /** Adds a balanced entry; answers its id. */
  post(entry: JournalEntry): string {
    checkBalanced(entry.lines);
    const id = timeOrderedId();
    this.entries.push({
      id,
      kind: entry.kind,
      reference: entry.reference,
      lines: entry.lines,
      createdAt: entry.createdAt ?? new Date(),
    });
    for (const line of entry.lines) this.change(line, line.amount, 0n);
    return id;
  }

  /** Settles one trade DvP (see Settlement); answers the journal entry id. */
  settle(s: Settlement): string {
    const id = this.post({
      kind: 'trade',
      reference: `trade:${s.tradeId}`,
      lines: dvpLines(s),
      createdAt: s.createdAt,
    });
    this.change({ accountId: s.buyerAccountId, assetType: 'cash', asset: s.currency }, 0n, -(s.price * s.quantity));
    this.change({ accountId: s.sellerAccountId, assetType: 'units', asset: s.instrumentId }, 0n, -s.quantity);
    return id;
  }

  /** Holds `amount` of a balance for an order; the write is refused if it is not available. */
  reserve(key: BalanceKey, amount: bigint): void {
    this.change(key, 0n, amount);
  }

  /** Gives back `amount` of a reservation. */
  release(key: BalanceKey, amount: bigint): void {
    this.change(key, 0n, -amount);
  }

  get isEmpty(): boolean {
    return this.entries.length === 0 && this.deltas.size === 0;
  }

  /** Non-zero net changes per balance, sorted by key. */
  balanceDeltas(): BalanceDelta[] {
    return [...this.deltas.entries()]
      .filter(([, d]) => d.total !== 0n || d.reserved !== 0n)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, d]) => d);
  }

  private change(key: BalanceKey, total: bigint, reserved: bigint): void {
    if (total === 0n && reserved === 0n) return;
    const id = balanceKey(key);
    const delta = this.deltas.get(id);
    if (delta) {
      delta.total += total;
      delta.reserved += reserved;
    } else {
      this.deltas.set(id, { accountId: key.accountId, assetType: key.assetType, asset: key.asset, total, reserved });
    }
  }
}
