import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTerms } from '../terms/parse.js';
import { generateEvents, type ContractEvent } from '../engine/generate.js';

function run(raw: Record<string, unknown>, rates: number[]): ContractEvent[] {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const observations = {
    IDX: rates.map((value, i) => ({ timestamp: `2024-${String(3 * i + 1).padStart(2, '0')}-01T00:00:00`, value })),
  };
  const events = generateEvents(terms.value, { observations });
  if (!events.ok) throw new Error(JSON.stringify(events.error));
  return events.value;
}

const capFloor = (role: string, cap?: number, floor?: number): Record<string, unknown> => ({
  contractType: 'CAPFL',
  contractID: 'cf',
  contractRole: role,
  currency: 'USD',
  statusDate: '2023-12-30T00:00:00',
  contractDealDate: '2023-12-28T00:00:00',
  ...(cap === undefined ? {} : { lifeCap: String(cap) }),
  ...(floor === undefined ? {} : { lifeFloor: String(floor) }),
  contractStructure: [
    {
      referenceType: 'CNT',
      referenceRole: 'UDL',
      object: {
        contractType: 'PAM',
        contractID: 'u',
        contractDealDate: '2023-12-28T00:00:00',
        statusDate: '2023-12-30T00:00:00',
        currency: 'USD',
        initialExchangeDate: '2024-01-01T00:00:00',
        maturityDate: '2025-01-01T00:00:00',
        notionalPrincipal: '1000000',
        nominalInterestRate: '0.03',
        dayCountConvention: 'A360',
        cycleAnchorDateOfInterestPayment: '2024-04-01T00:00:00',
        cycleOfInterestPayment: 'P3ML1',
        cycleAnchorDateOfRateReset: '2024-04-01T00:00:00',
        cycleOfRateReset: 'P3ML1',
        marketObjectCodeOfRateReset: 'IDX',
      },
    },
  ],
});

describe('CAPFL', () => {
  it('the holder never pays and the writer mirrors the holder', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.01, max: 0.12, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (rates) => {
          const holder = run(capFloor('BUY', 0.05, 0.01), rates);
          const writer = run(capFloor('SEL', 0.05, 0.01), rates);
          expect(holder.every((e) => e.payoff >= 0)).toBe(true);
          expect(writer.map((e) => e.payoff + 0)).toEqual(holder.map((e) => 0 - e.payoff));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a cap pays the interest above the cap rate', () => {
    const events = run(capFloor('BUY', 0.05), [0.08, 0.08, 0.08, 0.08]);
    // 2024-04-01 .. 07-01 at 8% against 5%: 91 days on 1,000,000 (A360).
    expect(events[1]?.payoff).toBeCloseTo((1_000_000 * 0.03 * 91) / 360, 6);
  });
});
