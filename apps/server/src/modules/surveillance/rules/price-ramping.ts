import { aggressor, aggressorUser, hour, pct, price, tradeEvent } from './evidence';
import { RULE_PARAMETERS, type Detection, type TradeFact } from './facts';

/**
 * Price ramping, evaluated at each new trade of `trades`: the instrument's trades in the
 * `windowMs` before it against the last price before the window. `history` holds one
 * instrument's trades in sequence order from `windowMs` before the first new trade;
 * `priceBefore` is the last price before the history starts. A sliding window keeps it linear.
 */
export function detectPriceRamping(
  trades: readonly TradeFact[],
  history: readonly TradeFact[],
  priceBefore: bigint | null,
): Detection[] {
  const judged = new Set(trades.map((t) => t.id));
  const window = new RampWindow(priceBefore, 0n);
  const found = new Map<string, Detection>();
  window.advance(history, [], judged, found);
  return [...found.values()];
}

/** Trades kept for a ramping case's evidence: the last ones of the window. */
const RAMP_EVIDENCE = 50;

/**
 * The price-ramping window of one instrument as running totals, so it can be carried from one
 * batch of trades to the next (scan/flow.ts) instead of being rebuilt from every trade of the last
 * `windowMs` for each batch: quantity and count in the window, aggressive quantity per participant
 * and direction, the reference price (the last trade that left the window) and the last trades for
 * evidence. Trades enter with `advance`; those that leave are taken, oldest first, from the queue
 * it is given (the trades it added itself join that queue).
 */
export class RampWindow {
  count = 0;
  total = 0n;
  /** Price of the first trade this window held, while none has left it and no reference was known. */
  firstPrice: bigint | null = null;
  aggressive = { buy: new Map<string, bigint>(), sell: new Map<string, bigint>() };
  users = new Map<string, string>();
  recent: TradeFact[] = [];

  /**
   * @param reference the last price before the window (null: none)
   * @param leftUpTo every trade of the instrument up to this sequence is out of the window
   */
  constructor(
    public reference: bigint | null,
    public leftUpTo: bigint,
    /** When the last trade that left was made (ms); trades before it are out too. */
    public leftAt = 0,
  ) {}

  clone(): RampWindow {
    const copy = new RampWindow(this.reference, this.leftUpTo, this.leftAt);
    copy.count = this.count;
    copy.total = this.total;
    copy.firstPrice = this.firstPrice;
    copy.aggressive = { buy: new Map(this.aggressive.buy), sell: new Map(this.aggressive.sell) };
    copy.users = new Map(this.users);
    copy.recent = [...this.recent];
    return copy;
  }

  private add(t: TradeFact, sign: 1n | -1n): void {
    this.total += sign * t.quantity;
    this.count += sign === 1n ? 1 : -1;
    const side = this.aggressive[t.takerSide];
    const who = aggressor(t);
    const left = (side.get(who) ?? 0n) + sign * t.quantity;
    // A participant with nothing left in the window is dropped, so the leader search stays
    // over the window's participants however long the window is carried.
    if (left === 0n) side.delete(who);
    else side.set(who, left);
    this.users.set(who, aggressorUser(t));
  }

  /**
   * Adds `trades` (sequence order); after each, the queued trades older than `windowMs` before it
   * leave. `queue` = the window's oldest trades, in sequence order, that may have to leave; the
   * trades added here are appended to it. Trades in `judged` are evaluated into `found`.
   */
  advance(
    trades: readonly TradeFact[],
    queue: TradeFact[],
    judged: ReadonlySet<string> | null,
    found: Map<string, Detection>,
  ): void {
    const p = RULE_PARAMETERS.price_ramping;
    let head = 0;
    for (const t of trades) {
      this.add(t, 1n);
      if (this.firstPrice === null && this.reference === null) this.firstPrice = t.price;
      queue.push(t);
      this.recent.push(t);
      if (this.recent.length > RAMP_EVIDENCE) this.recent.shift();
      while (head < queue.length && queue[head]!.at < t.at - p.windowMs) {
        const leaving = queue[head++]!;
        this.reference = leaving.price;
        this.leftUpTo = leaving.sequence;
        this.leftAt = leaving.at;
        this.add(leaving, -1n);
      }
      if (!judged?.has(t.id) || this.count < p.minTrades) continue;
      const ref = this.reference ?? this.firstPrice!;
      const move = Number(t.price - ref) / Number(ref);
      if (Math.abs(move) < p.minMove || this.total <= 0n) continue;
      let leader: string | null = null;
      let leaderQty = 0n;
      for (const [who, qty] of this.aggressive[move >= 0 ? 'buy' : 'sell'])
        if (qty > leaderQty) [leader, leaderQty] = [who, qty];
      const share = Number(leaderQty) / Number(this.total);
      if (!leader || share < p.minAggressiveShare) continue;
      const key = `price_ramping:${leader}:${t.instrumentId}:${hour(t.at)}`;
      const previous = found.get(key);
      if (previous && Math.abs(Number(previous.figures.moveRaw)) >= Math.abs(move)) continue;
      const window = this.recent.slice(-Math.min(this.count, RAMP_EVIDENCE));
      found.set(key, {
        rule: 'price_ramping',
        dedupeKey: key,
        severity: Math.abs(move) >= p.highMove ? 'High' : 'Medium',
        participant: leader,
        subjectUserId: this.users.get(leader) ?? null,
        instrumentId: t.instrumentId,
        summary: `Price moved ${pct(move)} in ${p.windowMs / 60_000} minutes, driven by one participant`,
        figures: {
          reference: price(ref),
          last: price(t.price),
          move: pct(move),
          moveRaw: move.toFixed(6),
          aggressiveShare: pct(share),
          trades: String(this.count),
        },
        orderIds: window.map((w) => (w.takerSide === 'buy' ? w.buyOrderId : w.sellOrderId)),
        tradeIds: window.map((w) => w.id),
        timeline: window.map(tradeEvent),
      });
    }
    queue.splice(0, head);
  }
}
