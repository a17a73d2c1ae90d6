import { RATING_SCALE } from './factors';

// Basel III standardised approach for credit risk (BCBS d424, CRE20/21 risk-weight tables) and
// the pre-FRTB internal-model rule for market risk: capital = max(VaR_t−1, (3 + plus factor) ·
// average 60-day VaR), on the 10-day 99 % VaR; RWA = 12.5 × that capital.

export type CounterpartyClass = 'sovereign' | 'corporate' | 'bank';

export interface CreditExposure {
  /** Exposure at default, USD. */
  amount: number;
  rating: string | null;
  counterparty: CounterpartyClass;
}

/** Risk weight by class and rating (unrated: 100 %). */
export function riskWeight(counterparty: CounterpartyClass, rating: string | null): number {
  const notch = rating === null ? -1 : RATING_SCALE.indexOf(rating as (typeof RATING_SCALE)[number]);
  if (notch < 0) return 1;
  const table: Record<CounterpartyClass, [number, number][]> = {
    // [last notch index of the band, weight]: AA− = 3, A− = 6, BBB− = 9, BB− = 12, B− = 15
    sovereign: [
      [3, 0],
      [6, 0.2],
      [9, 0.5],
      [15, 1],
    ],
    corporate: [
      [3, 0.2],
      [6, 0.5],
      [9, 0.75],
      [12, 1],
    ],
    bank: [
      [3, 0.2],
      [6, 0.3],
      [9, 0.5],
      [15, 1],
    ],
  };
  return table[counterparty].find(([last]) => notch <= last)?.[1] ?? 1.5;
}

export interface CapitalBase {
  cet1: number;
  additionalTier1: number;
  tier2: number;
}

export interface CapitalInput {
  exposures: readonly CreditExposure[];
  capital: CapitalBase;
  /** 10-day 99 % VaR, latest and the 60-day average; plus factor from backtesting. */
  marketVar: { latest: number; average60: number; plusFactor: number };
  /** Leverage exposure measure (on-balance exposures, USD). */
  leverageExposure: number;
}

export const BASEL_MINIMUMS = { cet1: 0.045, tier1: 0.06, total: 0.08, conservationBuffer: 0.025, leverage: 0.03 };

export type BaselStatus = 'compliant' | 'buffer shortfall' | 'below minimum';

export function baselCapital(input: CapitalInput) {
  const byBucket = new Map<string, { exposure: number; rwa: number; weight: number }>();
  let creditRwa = 0;
  for (const e of input.exposures) {
    const weight = riskWeight(e.counterparty, e.rating);
    const key = `${e.counterparty}:${weight}`;
    const bucket = byBucket.get(key) ?? { exposure: 0, rwa: 0, weight };
    bucket.exposure += e.amount;
    bucket.rwa += e.amount * weight;
    byBucket.set(key, bucket);
    creditRwa += e.amount * weight;
  }
  const { latest, average60, plusFactor } = input.marketVar;
  const marketCapital = Math.max(latest, (3 + plusFactor) * average60);
  const marketRwa = 12.5 * marketCapital;
  const rwa = creditRwa + marketRwa;
  const tier1 = input.capital.cet1 + input.capital.additionalTier1;
  const total = tier1 + input.capital.tier2;
  const ratio = (x: number) => (rwa > 0 ? x / rwa : null);
  const ratios = { cet1: ratio(input.capital.cet1), tier1: ratio(tier1), total: ratio(total) };
  const leverage = input.leverageExposure > 0 ? tier1 / input.leverageExposure : null;
  return {
    creditRwa,
    marketCapital,
    marketRwa,
    rwa,
    buckets: [...byBucket.entries()].map(([key, b]) => ({ counterparty: key.split(':')[0]!, ...b })),
    ratios,
    leverageRatio: leverage,
    status: baselStatus(ratios, leverage),
  };
}

function baselStatus(ratios: Record<'cet1' | 'tier1' | 'total', number | null>, leverage: number | null): BaselStatus {
  const m = BASEL_MINIMUMS;
  const checks: [number | null, number][] = [
    [ratios.cet1, m.cet1],
    [ratios.tier1, m.tier1],
    [ratios.total, m.total],
  ];
  // No risk-weighted assets: nothing to hold capital against.
  if (checks.some(([r, min]) => r !== null && r < min) || (leverage !== null && leverage < m.leverage))
    return 'below minimum';
  if (checks.some(([r, min]) => r !== null && r < min + m.conservationBuffer)) return 'buffer shortfall';
  return 'compliant';
}
