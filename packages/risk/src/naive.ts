import { zeroRate } from './curve';
import { type MarketState, type RiskPosition, type Scenario, ratingBucket, SHOCK_TENORS } from './factors';
import { presentValue } from './pricing';

// The straightforward loop the compiled engine is measured against (bench/risk.bench.ts) and
// checked equal to: per scenario, per position, shift the curve at its own points and call
// presentValue (a curve search per flow, arrays allocated per scenario).

export function naiveRevalue(positions: readonly RiskPosition[], market: MarketState, scenarios: readonly Scenario[]) {
  const value = (p: RiskPosition, s: Scenario | null) => {
    const fx = market.usdPerUnit[p.currency]! * (1 + (s?.fxReturn?.[p.currency] ?? 0));
    if (p.kind === 'cash') return p.units * p.price! * fx;
    if (p.kind === 'price')
      return p.units * p.price! * (1 + (s ? (s.priceReturn?.[p.id] ?? s.equityReturn ?? 0) : 0)) * fx;
    const base = market.curves[p.currency]!;
    const shockCurve = SHOCK_TENORS.map((tenor, k) => ({ tenor, rate: (s?.rateShiftBp[k] ?? 0) / 10_000 }));
    const curve = base.map((pt) => ({ tenor: pt.tenor, rate: pt.rate + zeroRate(shockCurve, pt.tenor) }));
    const spread =
      ((p.rating !== null ? market.spreadsBp[p.rating] : undefined) ?? market.unratedSpreadBp) / 10_000 +
      (s?.spreadShiftBp?.[ratingBucket(p.rating)] ?? 0) / 10_000;
    const basePv = presentValue(
      p.flows,
      base,
      ((p.rating !== null ? market.spreadsBp[p.rating] : undefined) ?? market.unratedSpreadBp) / 10_000,
    );
    return p.units * (p.price! + presentValue(p.flows, curve, spread) - basePv) * fx;
  };
  const baseValue = positions.reduce((sum, p) => sum + value(p, null), 0);
  return scenarios.map((s) => positions.reduce((sum, p) => sum + value(p, s), 0) - baseValue);
}
