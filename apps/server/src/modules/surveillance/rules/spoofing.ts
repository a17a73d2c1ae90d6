import { hour, iso, price, tradeEvent } from './evidence';
import { RULE_PARAMETERS, type Detection, type OrderFact, type TradeFact } from './facts';

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
