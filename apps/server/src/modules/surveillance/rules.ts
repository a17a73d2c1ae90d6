import type { CaseSeverity, SurveillanceRule } from '@meridian/schemas';

// Market-abuse rules over the platform's real order and trade flow. Pure functions: the scanner
// (scanner.ts) loads the facts a batch of new trades needs and persists what these return.
// Participant = the beneficial owner: the user's organisation, or the user itself for accounts
// without one (the operator's desks). Parameters are named and documented in RULE_PARAMETERS.

export interface TradeFact {
  id: string;
  sequence: bigint;
  instrumentId: string;
  /** Hundredths of the instrument currency per unit. */
  price: bigint;
  quantity: bigint;
  takerSide: 'buy' | 'sell';
  at: number;
  buyOrderId: string;
  sellOrderId: string;
  buyerId: string;
  sellerId: string;
  buyer: string;
  seller: string;
}

export interface OrderFact {
  id: string;
  userId: string;
  participant: string;
  instrumentId: string;
  side: 'buy' | 'sell';
  price: bigint | null;
  quantity: bigint;
  filledQuantity: bigint;
  status: string;
  createdAt: number;
  updatedAt: number;
}

export interface Detection {
  rule: SurveillanceRule;
  dedupeKey: string;
  severity: CaseSeverity;
  participant: string;
  subjectUserId: string | null;
  instrumentId: string;
  summary: string;
  figures: Record<string, string>;
  orderIds: string[];
  tradeIds: string[];
  timeline: { at: string; event: string }[];
}

export const RULE_PARAMETERS = {
  wash_trade: {
    description: 'Both sides of a trade belong to one beneficial owner (organisation, or one account).',
  },
  spoofing: {
    description:
      'After a fill, the same participant cancels resting orders on the opposite side, near the fill price and much larger than it, shortly after.',
    /** The cancellation must follow the fill within this time. */
    cancelWithinMs: 30_000,
    /** Cancelled (unfilled) quantity at least this multiple of the fill. */
    sizeMultiple: 5n,
    /** Cancelled orders priced within this fraction of the fill price. */
    priceBand: 0.02,
    /** High severity from this multiple of the fill. */
    highSizeMultiple: 20n,
  },
  marking_close: {
    description:
      'In the last minutes before the daily close (00:00 UTC), one participant drives most of the aggressive volume and moves the closing price.',
    windowMs: 10 * 60_000,
    minMove: 0.01,
    highMove: 0.03,
    minAggressiveShare: 0.5,
  },
  price_ramping: {
    description:
      'Within a short window the price moves abnormally, and one participant took most of the volume in the direction of the move.',
    windowMs: 5 * 60_000,
    minMove: 0.05,
    highMove: 0.1,
    minAggressiveShare: 0.6,
    minTrades: 3,
  },
  concentration: {
    description:
      "One participant takes (aggressively) over a share of an instrument's traded quantity in a day; resting liquidity providers are not takers, and the operator's own accounts (no organisation: the demo order flow stands for many clients) are not judged.",
    minShare: 0.5,
    minTrades: 20,
  },
} as const;

export const DAY_MS = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
const hour = (ms: number) => iso(ms).slice(0, 13);
const price = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};
const pct = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;
const aggressor = (t: TradeFact) => (t.takerSide === 'buy' ? t.buyer : t.seller);
const aggressorUser = (t: TradeFact) => (t.takerSide === 'buy' ? t.buyerId : t.sellerId);
const tradeEvent = (t: TradeFact) => ({
  at: iso(t.at),
  event: `Trade ${t.quantity} @ ${price(t.price)} (${t.takerSide === 'buy' ? 'buyer' : 'seller'} aggressive)`,
});

/** Wash trades: buyer and seller are one beneficial owner. One case per owner, instrument and day. */
export function detectWashTrades(trades: readonly TradeFact[]): Detection[] {
  const found = new Map<string, Detection>();
  for (const t of trades) {
    if (t.buyer !== t.seller) continue;
    const key = `wash_trade:${t.buyer}:${t.instrumentId}:${day(t.at)}`;
    let d = found.get(key);
    if (!d) {
      d = {
        rule: 'wash_trade',
        dedupeKey: key,
        severity: 'High',
        participant: t.buyer,
        subjectUserId: aggressorUser(t),
        instrumentId: t.instrumentId,
        summary: 'Trades with the same beneficial owner on both sides',
        figures: { trades: '0', quantity: '0' },
        orderIds: [],
        tradeIds: [],
        timeline: [],
      };
      found.set(key, d);
    }
    d.figures.trades = String(Number(d.figures.trades) + 1);
    d.figures.quantity = String(BigInt(d.figures.quantity!) + t.quantity);
    d.orderIds.push(t.buyOrderId, t.sellOrderId);
    d.tradeIds.push(t.id);
    d.timeline.push(tradeEvent(t));
  }
  return [...found.values()];
}

/**
 * Spoofing / layering: a participant gets a fill on one side, then cancels resting orders on the
 * other side — large against the fill, priced near it — within `cancelWithinMs`. `orders` are the
 * cancelled orders of the trades' instruments around the batch (the scanner loads them).
 */
export function detectSpoofing(trades: readonly TradeFact[], orders: readonly OrderFact[]): Detection[] {
  const p = RULE_PARAMETERS.spoofing;
  const found = new Map<string, Detection>();
  // Each participant's orders (in the order given): a fill is compared with its own side's only.
  const byParticipant = new Map<string, OrderFact[]>();
  for (const o of orders) {
    const list = byParticipant.get(o.participant);
    if (list) list.push(o);
    else byParticipant.set(o.participant, [o]);
  }
  for (const t of trades) {
    for (const [participant, userId, filledSide] of [
      [t.buyer, t.buyerId, 'buy'],
      [t.seller, t.sellerId, 'sell'],
    ] as const) {
      const band = Number(t.price) * p.priceBand;
      const own = byParticipant.get(participant);
      if (!own) continue;
      const cancelled = own.filter(
        (o) =>
          o.participant === participant &&
          o.instrumentId === t.instrumentId &&
          o.side !== filledSide &&
          o.status === 'cancelled' &&
          o.createdAt <= t.at &&
          o.updatedAt >= t.at &&
          o.updatedAt - t.at <= p.cancelWithinMs &&
          o.price !== null &&
          Math.abs(Number(o.price - t.price)) <= band,
      );
      const unfilled = cancelled.reduce((n, o) => n + (o.quantity - o.filledQuantity), 0n);
      if (cancelled.length === 0 || unfilled < t.quantity * p.sizeMultiple) continue;
      const key = `spoofing:${participant}:${t.instrumentId}:${hour(t.at)}`;
      const multiple = unfilled / t.quantity;
      const existing = found.get(key);
      const d: Detection = existing ?? {
        rule: 'spoofing',
        dedupeKey: key,
        severity: 'Medium',
        participant,
        subjectUserId: userId,
        instrumentId: t.instrumentId,
        summary: `Large ${filledSide === 'buy' ? 'sell' : 'buy'} orders cancelled right after a ${filledSide} fill`,
        figures: {},
        orderIds: [],
        tradeIds: [],
        timeline: [],
      };
      if (multiple >= p.highSizeMultiple) d.severity = 'High';
      d.figures.fillQuantity = String(t.quantity);
      d.figures.cancelledQuantity = String(unfilled);
      d.figures.sizeMultiple = `${multiple}x`;
      d.tradeIds.push(t.id);
      d.orderIds.push(filledSide === 'buy' ? t.buyOrderId : t.sellOrderId, ...cancelled.map((o) => o.id));
      d.timeline.push(
        ...cancelled.map((o) => ({
          at: iso(o.createdAt),
          event: `${o.side} order ${o.quantity} @ ${price(o.price!)} placed`,
        })),
        tradeEvent(t),
        ...cancelled.map((o) => ({
          at: iso(o.updatedAt),
          event: `${o.side} order ${o.quantity} @ ${price(o.price!)} cancelled ${o.updatedAt - t.at} ms after the fill`,
        })),
      );
      found.set(key, d);
    }
  }
  return [...found.values()];
}

interface WindowFigures {
  move: number;
  leader: string;
  leaderUser: string;
  share: number;
  window: TradeFact[];
}

/** The price move over a window and who drove it: the participant with most aggressive volume in its direction. */
function windowMove(window: readonly TradeFact[], reference: bigint): WindowFigures | null {
  const last = window.at(-1);
  if (!last || reference <= 0n) return null;
  const move = Number(last.price - reference) / Number(reference);
  const direction = move >= 0 ? 'buy' : 'sell';
  let total = 0n;
  const byParticipant = new Map<string, { qty: bigint; user: string }>();
  for (const t of window) {
    total += t.quantity;
    if (t.takerSide !== direction) continue;
    const who = aggressor(t);
    const entry = byParticipant.get(who) ?? { qty: 0n, user: aggressorUser(t) };
    entry.qty += t.quantity;
    byParticipant.set(who, entry);
  }
  let leader: [string, { qty: bigint; user: string }] | undefined;
  for (const entry of byParticipant) if (!leader || entry[1].qty > leader[1].qty) leader = entry;
  if (!leader || total === 0n) return null;
  return {
    move,
    leader: leader[0],
    leaderUser: leader[1].user,
    share: Number(leader[1].qty) / Number(total),
    window: [...window],
  };
}

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
 * batch of trades to the next (scanner.ts) instead of being rebuilt from every trade of the last
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

/** The closing window [close − windowMs, close) a trade falls in, as the close instant; null outside. */
export function closingWindow(at: number): number | null {
  const close = Math.ceil((at + 1) / DAY_MS) * DAY_MS;
  return at >= close - RULE_PARAMETERS.marking_close.windowMs ? close : null;
}

/** Marking the close: `window` = one instrument's trades in one closing window, ascending. */
export function detectMarkingClose(window: readonly TradeFact[], priceBeforeWindow: bigint | null): Detection[] {
  const p = RULE_PARAMETERS.marking_close;
  const first = window[0];
  if (!first) return [];
  const figures = windowMove(window, priceBeforeWindow ?? first.price);
  if (!figures || Math.abs(figures.move) < p.minMove || figures.share < p.minAggressiveShare) return [];
  const close = closingWindow(first.at)!;
  return [
    {
      rule: 'marking_close',
      dedupeKey: `marking_close:${figures.leader}:${first.instrumentId}:${day(close - 1)}`,
      severity: Math.abs(figures.move) >= p.highMove ? 'High' : 'Medium',
      participant: figures.leader,
      subjectUserId: figures.leaderUser,
      instrumentId: first.instrumentId,
      summary: `Closing price moved ${pct(figures.move)} in the last ${p.windowMs / 60_000} minutes by one participant`,
      figures: {
        reference: price(priceBeforeWindow ?? first.price),
        close: price(window.at(-1)!.price),
        move: pct(figures.move),
        aggressiveShare: pct(figures.share),
        trades: String(window.length),
      },
      orderIds: window.map((w) => (w.takerSide === 'buy' ? w.buyOrderId : w.sellOrderId)),
      tradeIds: window.map((w) => w.id),
      timeline: window.map(tradeEvent),
    },
  ];
}

export interface TakerShare {
  instrumentId: string;
  day: string;
  participant: string;
  userId: string;
  takerQuantity: bigint;
  dayQuantity: bigint;
  dayTrades: number;
}

/** Concentration: a participant's aggressive share of one instrument's quantity traded that day. */
export function detectConcentration(shares: readonly TakerShare[]): Detection[] {
  const p = RULE_PARAMETERS.concentration;
  return shares
    .filter(
      (s) =>
        !s.participant.startsWith('user:') &&
        s.dayTrades >= p.minTrades &&
        s.dayQuantity > 0n &&
        Number(s.takerQuantity) / Number(s.dayQuantity) > p.minShare,
    )
    .map((s) => ({
      rule: 'concentration' as const,
      dedupeKey: `concentration:${s.participant}:${s.instrumentId}:${s.day}`,
      severity: 'Low' as const,
      participant: s.participant,
      subjectUserId: s.userId,
      instrumentId: s.instrumentId,
      summary: `One participant took ${pct(Number(s.takerQuantity) / Number(s.dayQuantity))} of the day's traded quantity`,
      figures: {
        day: s.day,
        takerQuantity: String(s.takerQuantity),
        dayQuantity: String(s.dayQuantity),
        share: pct(Number(s.takerQuantity) / Number(s.dayQuantity)),
        dayTrades: String(s.dayTrades),
      },
      orderIds: [],
      tradeIds: [],
      timeline: [],
    }));
}
