import { pct } from './evidence';
import { RULE_PARAMETERS, type Detection } from './facts';

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
