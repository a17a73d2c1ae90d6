import { inverseNormalCdf } from './normal';

/** Losses are reported as positive numbers; P&L as gains positive, losses negative. */

function checkConfidence(confidence: number): void {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`Confidence must be in (0, 1): ${confidence}`);
}

/** The P&L at the (1 - confidence) tail: the ceil((1 - c) n)-th worst outcome of the sample. */
function tailIndex(n: number, confidence: number): number {
  return Math.max(0, Math.ceil((1 - confidence) * n - 1e-9) - 1);
}

/**
 * Historical VaR: the loss not exceeded in `confidence` of the observed P&L scenarios
 * (e.g. 95 % of 250 daily P&Ls -> the 13th worst). Returns 0 when even the tail is a gain.
 */
export function historicalVar(pnl: readonly number[], confidence = 0.95): number {
  checkConfidence(confidence);
  if (pnl.length === 0) throw new RangeError('Historical VaR needs at least one scenario');
  const sorted = [...pnl].sort((a, b) => a - b);
  return Math.max(0, -sorted[tailIndex(sorted.length, confidence)]!);
}

/** Expected shortfall: the average loss over the scenarios at or beyond the VaR scenario. */
export function expectedShortfall(pnl: readonly number[], confidence = 0.95): number {
  checkConfidence(confidence);
  if (pnl.length === 0) throw new RangeError('Expected shortfall needs at least one scenario');
  const sorted = [...pnl].sort((a, b) => a - b);
  const tail = sorted.slice(0, tailIndex(sorted.length, confidence) + 1);
  return Math.max(0, -tail.reduce((sum, x) => sum + x, 0) / tail.length);
}

/**
 * Parametric (variance-covariance) VaR of a normally distributed P&L with the given mean
 * and standard deviation per period, scaled to `horizon` periods by the square-root rule.
 */
export function parametricVar(mean: number, stdDev: number, confidence = 0.95, horizon = 1): number {
  checkConfidence(confidence);
  if (stdDev < 0 || horizon <= 0) throw new RangeError('stdDev must be >= 0 and horizon > 0');
  const z = inverseNormalCdf(confidence);
  return Math.max(0, z * stdDev * Math.sqrt(horizon) - mean * horizon);
}

/** Standard deviation of a portfolio's P&L from position exposures and the covariance of their returns. */
export function portfolioStdDev(exposures: readonly number[], covariance: readonly (readonly number[])[]): number {
  let variance = 0;
  exposures.forEach((ei, i) => {
    exposures.forEach((ej, j) => {
      variance += ei * ej * covariance[i]![j]!;
    });
  });
  return Math.sqrt(Math.max(0, variance));
}

/** Simple returns p[t] / p[t-1] - 1 of a price series. */
export function simpleReturns(prices: readonly number[]): number[] {
  return prices.slice(1).map((price, i) => price / prices[i]! - 1);
}

/** Sample mean and (n - 1) standard deviation. */
export function meanAndStdDev(values: readonly number[]): { mean: number; stdDev: number } {
  if (values.length < 2) throw new RangeError('Need at least two values');
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  const variance = values.reduce((s, x) => s + (x - mean) ** 2, 0) / (values.length - 1);
  return { mean, stdDev: Math.sqrt(variance) };
}
