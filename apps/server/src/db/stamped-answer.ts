import type { Db } from './client';
import { readStamp, type ReadStamp } from './trade-window';

/** A value computed from one snapshot of the trade windows and reference data. */
export interface Stamped<T> {
  stamp: ReadStamp;
  /** Ms since the epoch until which the value holds unless the stamp moves (exclusive). */
  until: number;
  value: T;
}

/**
 * A read answer that every caller shares (the whole instrument list, the tickers), kept per
 * database under the stamp of the snapshot it was computed from (decision 0077). A request
 * reads the current stamp — one small statement, flat in history — and reuses the kept value
 * while the stamp is the same and its time has not run out; otherwise it computes it again.
 * Exact on every instance: the stamp moves with every commit of trades or reference data,
 * whoever wrote them (db/trade-window.ts `readStamp`).
 */
export class StampedAnswer<T> {
  private readonly entries = new WeakMap<object, Stamped<T>>();

  constructor(private readonly compute: (db: Db) => Promise<Stamped<T>>) {}

  async get(db: Db, now = Date.now()): Promise<T> {
    const stamp = await readStamp(db);
    const kept = this.entries.get(db);
    if (kept && now < kept.until && kept.stamp.version === stamp.version && kept.stamp.trades === stamp.trades)
      return kept.value;
    const fresh = await this.compute(db);
    this.entries.set(db, fresh);
    return fresh.value;
  }
}

/** The next UTC midnight after `now` (ms): where "today" of valuations changes. */
export function nextUtcMidnight(now: number): number {
  const day = 86_400_000;
  return Math.floor(now / day) * day + day;
}
