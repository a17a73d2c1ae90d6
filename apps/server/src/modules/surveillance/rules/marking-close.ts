import { aggressor, aggressorUser, day, pct, price, tradeEvent } from './evidence';
import { DAY_MS, RULE_PARAMETERS, type Detection, type TradeFact } from './facts';

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
