import { aggressorUser, day, tradeEvent } from './evidence';
import type { Detection, TradeFact } from './facts';

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
