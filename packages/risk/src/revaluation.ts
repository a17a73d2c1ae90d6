import { zeroRate } from './curve';
import {
  type MarketState,
  RATING_BUCKETS,
  type RiskPosition,
  type Scenario,
  ratingBucket,
  shockWeights,
} from './factors';

// Full revaluation of a portfolio under many scenarios. Positions are compiled ONCE into flat
// typed arrays (each flow's time, amount, base discount rate and its place on the shock grid),
// so a scenario costs one pow() per flow and no curve search or allocation: that is what makes
// 1,000 positions × 500 scenarios fit in well under a second (see bench/risk.bench.ts).

export interface NotPriced {
  id: string;
  name: string;
  reason: string;
}

export interface CompiledPortfolio {
  /** Positions that are revalued, in input order. */
  positions: readonly RiskPosition[];
  notPriced: readonly NotPriced[];
  /** Today's value per position, USD. */
  baseValues: Float64Array;
  baseValue: number;
  currencies: readonly string[];
  // flow arrays
  readonly flowPosition: Int32Array;
  readonly flowTime: Float64Array;
  readonly flowAmount: Float64Array;
  readonly flowBaseRate: Float64Array;
  readonly flowIndex: Int32Array;
  readonly flowWeight: Float64Array;
  readonly flowBucket: Int32Array;
  // position arrays
  readonly basePv: Float64Array;
  readonly price: Float64Array;
  readonly units: Float64Array;
  readonly usd: Float64Array;
  readonly currencyIndex: Int32Array;
  readonly isCashFlow: Uint8Array;
  readonly isCash: Uint8Array;
}

function unpricedReason(position: RiskPosition, market: MarketState): string | null {
  if (!Number.isFinite(position.units)) return 'units are not a finite number';
  if (!(market.usdPerUnit[position.currency]! > 0)) return `no FX rate for ${position.currency}`;
  if (position.kind === 'cash-flows') {
    if (!market.curves[position.currency]) return `no curve for ${position.currency}`;
    if (position.flows.some((f) => !Number.isFinite(f.time) || !Number.isFinite(f.amount)))
      return 'cash flows are not finite';
  }
  if (position.price === null || !Number.isFinite(position.price))
    return position.kind === 'price' ? 'no traded price and no model for this contract type' : 'no price';
  return null;
}

const spreadOf = (market: MarketState, rating: string | null) =>
  ((rating !== null ? market.spreadsBp[rating] : undefined) ?? market.unratedSpreadBp) / 10_000;

/** Compiles positions against today's market; positions that cannot be valued are listed with the reason. */
export function compilePortfolio(input: readonly RiskPosition[], market: MarketState): CompiledPortfolio {
  const notPriced: NotPriced[] = [];
  const positions: RiskPosition[] = [];
  for (const position of input) {
    const reason = unpricedReason(position, market);
    if (reason) notPriced.push({ id: position.id, name: position.name, reason });
    else positions.push(position);
  }
  const currencies = [...new Set(positions.map((p) => p.currency))];
  const flowCount = positions.reduce((n, p) => n + (p.kind === 'cash-flows' ? p.flows.length : 0), 0);
  const c = {
    flowPosition: new Int32Array(flowCount),
    flowTime: new Float64Array(flowCount),
    flowAmount: new Float64Array(flowCount),
    flowBaseRate: new Float64Array(flowCount),
    flowIndex: new Int32Array(flowCount),
    flowWeight: new Float64Array(flowCount),
    flowBucket: new Int32Array(flowCount),
    basePv: new Float64Array(positions.length),
    price: new Float64Array(positions.length),
    units: new Float64Array(positions.length),
    usd: new Float64Array(positions.length),
    currencyIndex: new Int32Array(positions.length),
    isCashFlow: new Uint8Array(positions.length),
    isCash: new Uint8Array(positions.length),
  };
  let f = 0;
  positions.forEach((position, p) => {
    c.price[p] = position.price!;
    c.units[p] = position.units;
    c.usd[p] = market.usdPerUnit[position.currency]!;
    c.currencyIndex[p] = currencies.indexOf(position.currency);
    c.isCash[p] = position.kind === 'cash' ? 1 : 0;
    if (position.kind !== 'cash-flows') return;
    c.isCashFlow[p] = 1;
    const curve = market.curves[position.currency]!;
    const spread = spreadOf(market, position.rating);
    const bucket = RATING_BUCKETS.indexOf(ratingBucket(position.rating));
    let pv = 0;
    for (const flow of position.flows) {
      const { index, weight } = shockWeights(flow.time);
      const rate = zeroRate(curve, flow.time) + spread;
      c.flowPosition[f] = p;
      c.flowTime[f] = flow.time;
      c.flowAmount[f] = flow.amount;
      c.flowBaseRate[f] = rate;
      c.flowIndex[f] = index;
      c.flowWeight[f] = weight;
      c.flowBucket[f] = bucket;
      pv += flow.amount * (1 + rate) ** -flow.time;
      f += 1;
    }
    c.basePv[p] = pv;
  });
  const baseValues = new Float64Array(positions.length);
  for (let p = 0; p < positions.length; p++) baseValues[p] = c.units[p]! * c.price[p]! * c.usd[p]!;
  const baseValue = baseValues.reduce((s, v) => s + v, 0);
  return { positions, notPriced, baseValues, baseValue, currencies, ...c };
}

/** Scratch buffers reused across scenarios (one revaluation allocates nothing). */
export interface RevaluationBuffers {
  pv: Float64Array;
  values: Float64Array;
}

export function makeBuffers(portfolio: CompiledPortfolio): RevaluationBuffers {
  const n = portfolio.positions.length;
  return { pv: new Float64Array(n), values: new Float64Array(n) };
}

/** Every position's USD value under one scenario, written into `buffers.values`. */
export function revaluePositions(
  portfolio: CompiledPortfolio,
  scenario: Scenario,
  buffers: RevaluationBuffers = makeBuffers(portfolio),
): Float64Array {
  const { pv, values } = buffers;
  pv.fill(0);
  const shift = scenario.rateShiftBp;
  const spreadShift = RATING_BUCKETS.map((b) => (scenario.spreadShiftBp?.[b] ?? 0) / 10_000);
  // Locals, not property loads, inside the hot loop; exp(−t·log1p(r)) is (1 + r)^−t.
  const { flowTime, flowAmount, flowBaseRate, flowIndex, flowWeight, flowBucket, flowPosition } = portfolio;
  const n = flowTime.length;
  for (let f = 0; f < n; f++) {
    const i = flowIndex[f]!;
    const w = flowWeight[f]!;
    const rate = flowBaseRate[f]! + ((1 - w) * shift[i]! + w * shift[i + 1]!) / 10_000 + spreadShift[flowBucket[f]!]!;
    pv[flowPosition[f]!]! += flowAmount[f]! * Math.exp(-flowTime[f]! * Math.log1p(rate));
  }
  const fx = portfolio.currencies.map((ccy) => 1 + (scenario.fxReturn?.[ccy] ?? 0));
  for (let p = 0; p < values.length; p++) {
    const price = portfolio.isCashFlow[p]
      ? portfolio.price[p]! + (pv[p]! - portfolio.basePv[p]!)
      : portfolio.isCash[p]
        ? portfolio.price[p]!
        : portfolio.price[p]! *
          (1 + (scenario.priceReturn?.[portfolio.positions[p]!.id] ?? scenario.equityReturn ?? 0));
    values[p] = portfolio.units[p]! * price * portfolio.usd[p]! * fx[portfolio.currencyIndex[p]!]!;
  }
  return values;
}

/** Portfolio P&L (USD, gains positive) under each scenario by full revaluation. */
export function revalue(portfolio: CompiledPortfolio, scenarios: readonly Scenario[]): Float64Array {
  const pnl = new Float64Array(scenarios.length);
  const buffers = makeBuffers(portfolio);
  scenarios.forEach((scenario, s) => {
    const values = revaluePositions(portfolio, scenario, buffers);
    let total = 0;
    for (let p = 0; p < values.length; p++) total += values[p]!;
    pnl[s] = total - portfolio.baseValue;
  });
  return pnl;
}
