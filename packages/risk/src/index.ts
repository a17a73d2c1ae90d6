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
export {
  BASE_SCENARIO,
  isInvestmentGrade,
  RATING_BUCKETS,
  RATING_SCALE,
  ratingBucket,
  scenarioProblem,
  SHOCK_TENORS,
  type MarketState,
  type RatingBucket,
  type RiskPosition,
  type Scenario,
} from './factors';
export {
  compilePortfolio,
  makeBuffers,
  revalue,
  revaluePositions,
  type CompiledPortfolio,
  type NotPriced,
} from './revaluation';
export { naiveRevalue } from './naive';
export {
  curveChangeBp,
  historicalScenarios,
  windowScenario,
  withPriceReturns,
  type CurveObservation,
  type FxObservation,
  type HistoricalScenario,
} from './history';
export {
  deltaNormalVar,
  historicalMeasures,
  parametricMeasures,
  portfolioCs01,
  portfolioDv01,
  type HistoricalVarResult,
} from './measures';
export {
  backtestVar,
  kupiecPof,
  trafficLight,
  type BacktestDay,
  type BacktestResult,
  type TrafficLight,
} from './backtest';
export {
  BASEL_MINIMUMS,
  baselCapital,
  riskWeight,
  type BaselStatus,
  type CapitalBase,
  type CounterpartyClass,
  type CreditExposure,
} from './capital';
export {
  HISTORICAL_WINDOWS,
  PORTFOLIO_STRESS_SCENARIOS,
  riskLevel,
  usdScenarios,
  type RiskLevel,
} from './portfolio-stress';
export {
  maxDrawdown,
  performanceMeasures,
  TRADING_DAYS,
  type PerformanceDay,
  type PerformanceMeasures,
} from './performance';
