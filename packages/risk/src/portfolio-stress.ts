import { RATING_BUCKETS, SHOCK_TENORS, type RatingBucket, type Scenario } from './factors';

// The standard stress set (issue 14): rate, credit, equity and FX shocks plus two historical
// windows taken from the real data (see history.ts windowScenario). Risk level thresholds
// (SPEC §4: acceptable / moderate / high) are on the loss as a share of the portfolio value.

const flat = (bp: number) => SHOCK_TENORS.map(() => bp);
/** Around the 2-year point: −/+ at the short end, +/− at the long end (linear in tenor). */
const twist = (shortBp: number, longBp: number) =>
  SHOCK_TENORS.map((t) => shortBp + ((longBp - shortBp) * (Math.min(t, 30) - 0.25)) / (30 - 0.25));
const spreads = (ig: number, hy: number): Partial<Record<RatingBucket, number>> =>
  Object.fromEntries(RATING_BUCKETS.map((b) => [b, ['AAA-AA', 'A', 'BBB'].includes(b) ? ig : hy]));

export const PORTFOLIO_STRESS_SCENARIOS: readonly Scenario[] = [
  { name: 'Rates +200 bp parallel', rateShiftBp: flat(200) },
  { name: 'Rates −200 bp parallel', rateShiftBp: flat(-200) },
  { name: 'Steepener (short −50 bp, long +100 bp)', rateShiftBp: twist(-50, 100) },
  { name: 'Flattener (short +100 bp, long −50 bp)', rateShiftBp: twist(100, -50) },
  { name: 'Credit spreads +100 bp', rateShiftBp: flat(0), spreadShiftBp: spreads(100, 100) },
  {
    name: 'Credit spreads +300 bp high yield, +100 bp investment grade',
    rateShiftBp: flat(0),
    spreadShiftBp: spreads(100, 300),
  },
  { name: 'Equity −30 %', rateShiftBp: flat(0), equityReturn: -0.3 },
];

/** USD ±10 %: every other currency loses / gains the equivalent against USD. */
export function usdScenarios(currencies: readonly string[]): Scenario[] {
  const others = currencies.filter((c) => c !== 'USD');
  return [
    { name: 'USD +10 %', rateShiftBp: flat(0), fxReturn: Object.fromEntries(others.map((c) => [c, 1 / 1.1 - 1])) },
    { name: 'USD −10 %', rateShiftBp: flat(0), fxReturn: Object.fromEntries(others.map((c) => [c, 1 / 0.9 - 1])) },
  ];
}

/** The historical windows replayed from the shipped data. */
export const HISTORICAL_WINDOWS = [
  { name: '2008 crisis (Lehman, 2008-09-12 → 2008-12-31)', from: '2008-09-12', to: '2008-12-31' },
  { name: '2020 COVID shock (2020-02-21 → 2020-03-23)', from: '2020-02-21', to: '2020-03-23' },
] as const;

export type RiskLevel = 'acceptable' | 'moderate' | 'high';

/** Loss ≤ 5 % of value: acceptable; ≤ 15 %: moderate; above: high. */
export function riskLevel(impact: number, portfolioValue: number): RiskLevel {
  const loss = portfolioValue > 0 ? -impact / portfolioValue : impact < 0 ? Infinity : 0;
  if (loss <= 0.05) return 'acceptable';
  if (loss <= 0.15) return 'moderate';
  return 'high';
}
