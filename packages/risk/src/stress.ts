import type { CashFlow } from './cash-flows';
import { shiftCurve, type ZeroCurve } from './curve';
import { presentValue } from './pricing';

/** A market shock: parallel rate move, optional slope move (bp per year of tenor), spread move, all in basis points. */
export interface StressScenario {
  name: string;
  rateShiftBp: number;
  /** Added per year of tenor beyond 1 year: positive steepens. */
  slopeBpPerYear?: number;
  spreadShiftBp: number;
}

/** Standard interest-rate and credit scenarios (BCBS-style parallel, steepener, flattener, credit widening). */
export const STANDARD_STRESS_SCENARIOS: readonly StressScenario[] = [
  { name: 'Rates +200 bp parallel', rateShiftBp: 200, spreadShiftBp: 0 },
  { name: 'Rates -100 bp parallel', rateShiftBp: -100, spreadShiftBp: 0 },
  { name: 'Steepener', rateShiftBp: -50, slopeBpPerYear: 10, spreadShiftBp: 0 },
  { name: 'Flattener', rateShiftBp: 50, slopeBpPerYear: -10, spreadShiftBp: 0 },
  { name: 'Credit spreads +150 bp', rateShiftBp: 0, spreadShiftBp: 150 },
  { name: 'Stagflation: rates +300 bp, spreads +250 bp', rateShiftBp: 300, spreadShiftBp: 250 },
];

/** The curve after a scenario: parallel shift plus a slope that grows with tenor beyond one year. */
export function stressedCurve(curve: ZeroCurve, scenario: StressScenario): ZeroCurve {
  const shifted = shiftCurve(curve, scenario.rateShiftBp / 10_000);
  const slope = (scenario.slopeBpPerYear ?? 0) / 10_000;
  return shifted.map((point) => ({ tenor: point.tenor, rate: point.rate + slope * Math.max(0, point.tenor - 1) }));
}

/** Value change of cash flows under a scenario (negative = loss), on the curve plus spread. */
export function stressImpact(
  flows: readonly CashFlow[],
  curve: ZeroCurve,
  spread: number,
  scenario: StressScenario,
): number {
  const base = presentValue(flows, curve, spread);
  return presentValue(flows, stressedCurve(curve, scenario), spread + scenario.spreadShiftBp / 10_000) - base;
}
