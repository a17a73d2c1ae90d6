import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTerms } from '../terms/parse.js';
import { generateEvents, type ContractEvent, type GenerateOptions } from '../engine/generate.js';

function run(raw: Record<string, unknown>, options: GenerateOptions = {}): ContractEvent[] {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const events = generateEvents(terms.value, options);
  if (!events.ok) throw new Error(JSON.stringify(events.error));
  return events.value;
}

const option = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  contractType: 'OPTNS',
  contractID: 'o',
  contractRole: 'BUY',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  currency: 'USD',
  purchaseDate: '2024-01-02T00:00:00',
  priceAtPurchaseDate: '5',
  maturityDate: '2024-06-28T00:00:00',
  optionExerciseType: 'E',
  optionType: 'C',
  optionStrike1: '100',
  contractStructure: [{ object: { marketObjectCode: 'IDX' }, referenceType: 'MOC', referenceRole: 'UDL' }],
  ...over,
});
const price = (value: number, timestamp = '2024-06-28T00:00:00'): GenerateOptions => ({
  observations: { IDX: [{ timestamp, value }] },
});
const settled = (events: ContractEvent[]): number => events.find((e) => e.eventType === 'STD')?.payoff ?? Number.NaN;

describe('OPTNS', () => {
  it('never costs the holder anything at settlement, and the writer mirrors the holder', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('C', 'P', 'CP'),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 1, max: 300, noNaN: true }),
        (type, spot, strike) => {
          const over = { optionType: type, optionStrike1: String(strike), optionStrike2: String(strike / 2) };
          const holder = settled(run(option(over), price(spot)));
          const writer = settled(run(option({ ...over, contractRole: 'SEL' }), price(spot)));
          expect(holder).toBeGreaterThanOrEqual(0);
          expect(writer).toBe(-holder);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('put-call parity: call minus put settles at spot minus strike', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), (spot) => {
        const call = settled(run(option(), price(spot)));
        const put = settled(run(option({ optionType: 'P' }), price(spot)));
        expect(call - put).toBeCloseTo(spot - 100, 9);
      }),
    );
  });

  it('a collar pays the call above strike 1 and the put below strike 2', () => {
    const collar = { optionType: 'CP', optionStrike1: '120', optionStrike2: '80' };
    expect(settled(run(option(collar), price(130)))).toBeCloseTo(10, 12);
    expect(settled(run(option(collar), price(70)))).toBeCloseTo(10, 12);
    expect(settled(run(option(collar), price(100)))).toBe(0);
  });

  it('an observed exercise of an American option settles at the exercise date', () => {
    const events = run(option({ optionExerciseType: 'A', settlementPeriod: 'P2D' }), {
      ...price(150, '2024-03-01T00:00:00'),
      observedEvents: [{ time: '2024-03-01T00:00:00', type: 'XD', value: 0, contractId: 'o', states: {} }],
    });
    expect(events.map((e) => [e.eventType, e.eventDate])).toEqual([
      ['PRD', '2024-01-02T00:00'],
      ['XD', '2024-03-01T00:00'],
      ['STD', '2024-03-03T00:00'],
      ['MD', '2024-06-28T00:00'],
    ]);
    expect(settled(events)).toBe(50);
  });
});

describe('FUTUR', () => {
  it('settles spot minus futures price, either sign', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), (spot) => {
        const { optionExerciseType: _e, optionType: _t, optionStrike1: _k, ...base } = option();
        const events = run({ ...base, contractType: 'FUTUR', futuresPrice: '100' }, price(spot));
        expect(settled(events)).toBeCloseTo(spot - 100, 9);
      }),
      { numRuns: 50 },
    );
  });
});
