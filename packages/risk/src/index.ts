export { brentRoot, type RootOptions, type RootResult } from './root';
export { cashFlowsFromEvents, yearFraction, type CashFlow, type DatedPayoff } from './cash-flows';
export { discountFactor, forwardRate, makeCurve, shiftCurve, zeroRate, type CurvePoint, type ZeroCurve } from './curve';
export {
  BASIS_POINT,
  curveDv01,
  dv01,
  macaulayDuration,
  modifiedDuration,
  presentValue,
  priceAtYield,
  yieldToMaturity,
} from './pricing';
export { analyseCashFlows, type CashFlowAnalytics } from './analytics';
export { inverseNormalCdf } from './normal';
export { expectedShortfall, historicalVar, meanAndStdDev, parametricVar, portfolioStdDev, simpleReturns } from './var';
export { STANDARD_STRESS_SCENARIOS, stressImpact, stressedCurve, type StressScenario } from './stress';
