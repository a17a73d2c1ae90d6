import type { CashFlow } from './cash-flows';
import type { ZeroCurve } from './curve';
import { curveDv01, dv01, macaulayDuration, modifiedDuration, presentValue, yieldToMaturity } from './pricing';

/** Model value and rate sensitivities of one set of cash flows. */
export interface CashFlowAnalytics {
  /** Present value on the curve plus spread (full price, accrued interest included). */
  value: number;
  /** Annually compounded yield to maturity at `value`; null when the flows have none. */
  yield: number | null;
  macaulayDuration: number | null;
  modifiedDuration: number | null;
  /** Value gained for a 1 bp fall: in yield when there is one, else of the whole curve. */
  dv01: number;
}

/**
 * Values cash flows on a zero curve plus a credit spread, then measures yield, durations
 * and DV01 at that value. Flows of mixed sign (swaps) get a curve DV01 and no yield.
 */
export function analyseCashFlows(flows: readonly CashFlow[], curve: ZeroCurve, spread = 0): CashFlowAnalytics {
  const value = presentValue(flows, curve, spread);
  const allPositive = flows.length > 0 && flows.every((flow) => flow.amount > 0);
  const ytm = allPositive ? yieldToMaturity(flows, value) : null;
  if (ytm === null) {
    return {
      value,
      yield: null,
      macaulayDuration: null,
      modifiedDuration: null,
      dv01: curveDv01(flows, curve, spread),
    };
  }
  return {
    value,
    yield: ytm,
    macaulayDuration: macaulayDuration(flows, ytm),
    modifiedDuration: modifiedDuration(flows, ytm),
    dv01: dv01(flows, ytm),
  };
}
