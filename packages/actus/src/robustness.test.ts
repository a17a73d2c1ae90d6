import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEvents, parseTerms } from './index.js';
import { APPLICABILITY } from './terms/dictionary-data.js';

const date = fc
  .integer({ min: 0, max: 20 * 365 })
  .map((d) => new Date(Date.UTC(2010, 0, 1) + d * 86_400_000).toISOString().slice(0, 19));
const cycle = fc
  .tuple(
    fc.integer({ min: 0, max: 14 }),
    fc.constantFrom('D', 'W', 'M', 'Q', 'H', 'Y'),
    fc.constantFrom('L0', 'L1', ''),
  )
  .map(([n, u, s]) => `P${n}${u}${s}`);
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 2_000_000 }).map(String) },
  { weight: 1, arbitrary: fc.constant('abc') },
  { weight: 1, arbitrary: fc.double({ min: -1, max: 1, noNaN: true }) },
);

/** Arbitrary, often inconsistent terms of the core types: the engine must answer, never crash or loop. */
const termsArb = fc
  .record(
    {
      contractType: fc.constantFrom('PAM', 'ANN', 'LAM', 'NAM', 'CLM', 'UMP', 'STK', 'COM', 'CSH'),
      contractID: fc.constant('fuzz'),
      contractRole: fc.constantFrom('RPA', 'RPL'),
      statusDate: date,
      contractDealDate: date,
      initialExchangeDate: date,
      maturityDate: date,
      amortizationDate: date,
      currency: fc.constant('USD'),
      notionalPrincipal: amount,
      nominalInterestRate: fc.double({ min: -0.05, max: 0.3, noNaN: true }),
      dayCountConvention: fc.constantFrom('AA', 'A360', 'A365', '30E360', '30E360ISDA', '28E336', 'B252'),
      businessDayConvention: fc.constantFrom('NOS', 'SCF', 'CSMP', 'SCMP', 'CSF'),
      calendar: fc.constantFrom('NC', 'MF'),
      endOfMonthConvention: fc.constantFrom('SD', 'EOM'),
      cycleAnchorDateOfInterestPayment: date,
      cycleOfInterestPayment: cycle,
      cycleAnchorDateOfPrincipalRedemption: date,
      cycleOfPrincipalRedemption: cycle,
      nextPrincipalRedemptionPayment: amount,
      purchaseDate: date,
      priceAtPurchaseDate: amount,
      terminationDate: date,
      priceAtTerminationDate: amount,
      capitalizationEndDate: date,
      premiumDiscountAtIED: amount,
      xDayNotice: cycle,
    },
    {
      requiredKeys: [
        'contractType',
        'contractID',
        'contractRole',
        'statusDate',
        'contractDealDate',
        'initialExchangeDate',
        'maturityDate',
        'currency',
        'notionalPrincipal',
        'nominalInterestRate',
        'dayCountConvention',
      ],
    },
  )
  .map((raw) => {
    // Keep the terms that apply to the drawn type, so that many draws reach the engine.
    const rules = APPLICABILITY[raw.contractType] ?? {};
    return Object.fromEntries(Object.entries(raw).filter(([term]) => term in rules)) as Record<string, unknown>;
  });

describe('robustness on arbitrary terms', () => {
  it('parseTerms and generateEvents always return a Result, with finite numbers when ok', () => {
    let evaluated = 0;
    fc.assert(
      fc.property(termsArb, date, (raw, to) => {
        const terms = parseTerms(raw);
        if (!terms.ok) {
          expect(terms.error.length).toBeGreaterThan(0);
          return;
        }
        const events = generateEvents(terms.value, { to });
        if (!events.ok) return;
        evaluated++;
        for (const e of events.value)
          expect(Number.isFinite(e.payoff) && Number.isFinite(e.notionalPrincipal)).toBe(true);
      }),
      { numRuns: 400 },
    );
    // The generator must reach the engine often enough for the property to mean something.
    expect(evaluated).toBeGreaterThan(100);
  });
});
