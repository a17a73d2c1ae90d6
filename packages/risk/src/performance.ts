/** Trading days per year: daily figures are annualised with it (√252 for volatility). */
export const TRADING_DAYS = 252;

/** One day of a portfolio and its benchmark: simple returns and the risk-free rate of that day. */
export interface PerformanceDay {
  portfolio: number;
  benchmark: number;
  /** Risk-free return over the day (an annual rate / 252). */
  riskFree: number;
}

export interface PerformanceMeasures {
  days: number;
  /** Annualised mean excess return over its volatility; null without variation or days. */
  sharpe: number | null;
  /** Jensen's alpha, annualised: mean excess return not explained by beta × the benchmark's. */
  alpha: number | null;
  /** Slope of the portfolio's excess returns on the benchmark's; null when the benchmark never moves. */
  beta: number | null;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Sample covariance (n − 1). */
function covariance(xs: readonly number[], ys: readonly number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += (xs[i]! - mx) * (ys[i]! - my);
  return sum / (xs.length - 1);
}

// A variance this small is rounding noise of a constant series, not risk.
const NEGLIGIBLE_VARIANCE = 1e-18;

/**
 * Sharpe ratio, alpha and beta from daily returns against a benchmark (CAPM regression on
 * excess returns): beta = cov(rp − rf, rb − rf) / var(rb − rf); alpha = 252 · (mean(rp − rf) −
 * beta · mean(rb − rf)); Sharpe = √252 · mean(rp − rf) / sd(rp − rf).
 */
export function performanceMeasures(days: readonly PerformanceDay[]): PerformanceMeasures {
  if (days.length < 2) return { days: days.length, sharpe: null, alpha: null, beta: null };
  const excess = days.map((d) => d.portfolio - d.riskFree);
  const market = days.map((d) => d.benchmark - d.riskFree);
  const excessVariance = covariance(excess, excess);
  const marketVariance = covariance(market, market);
  const sharpe =
    excessVariance > NEGLIGIBLE_VARIANCE ? (mean(excess) / Math.sqrt(excessVariance)) * Math.sqrt(TRADING_DAYS) : null;
  const beta = marketVariance > NEGLIGIBLE_VARIANCE ? covariance(excess, market) / marketVariance : null;
  const alpha = beta === null ? null : (mean(excess) - beta * mean(market)) * TRADING_DAYS;
  return { days: days.length, sharpe, alpha, beta };
}

/** Largest fall from a running peak, as a fraction of that peak (0.25 = −25 %); 0 without a fall. */
export function maxDrawdown(values: readonly number[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const v of values) {
    if (v > peak) peak = v;
    else if (peak > 0) worst = Math.max(worst, (peak - v) / peak);
  }
  return worst;
}
