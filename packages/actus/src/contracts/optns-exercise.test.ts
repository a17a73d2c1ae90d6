import { describe, expect, it } from 'vitest';
import { parseTerms } from '../terms/parse.js';
import { generateEvents, type GenerateOptions } from '../engine/generate.js';

// Call on IDX struck at 100, maturity 2024-06-28; IDX is 150 from March on, 120 at expiry.
const option = (over: Record<string, unknown>): Record<string, unknown> => ({
  contractType: 'OPTNS',
  contractID: 'o',
  contractRole: 'BUY',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  currency: 'USD',
  purchaseDate: '2024-01-02T00:00:00',
  priceAtPurchaseDate: '5',
  maturityDate: '2024-06-28T00:00:00',
  optionType: 'C',
  optionStrike1: '100',
  contractStructure: [{ object: { marketObjectCode: 'IDX' }, referenceType: 'MOC', referenceRole: 'UDL' }],
  ...over,
});
const market = {
  IDX: [
    { timestamp: '2024-03-01T00:00:00', value: 150 },
    { timestamp: '2024-06-28T00:00:00', value: 120 },
  ],
};
const exercisedOn = (date: string): GenerateOptions => ({
  observations: market,
  observedEvents: [{ time: `${date}T00:00:00`, type: 'XD', value: 0, contractId: 'o', states: {} }],
});

function xd(raw: Record<string, unknown>, options: GenerateOptions): [string, number] {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const events = generateEvents(terms.value, options);
  if (!events.ok) throw new Error(JSON.stringify(events.error));
  const e = events.value.find((x) => x.eventType === 'XD');
  return [e?.eventDate.slice(0, 10) ?? '', e?.exerciseAmount ?? Number.NaN];
}

describe('option exercise styles', () => {
  it('European: an early exercise notice is not valid; exercised at expiry for 120 - 100 = 20', () => {
    expect(xd(option({ optionExerciseType: 'E' }), exercisedOn('2024-03-01'))).toEqual(['2024-06-28', 20]);
  });

  it('European with optionExerciseEndDate 2024-05-31: expires then (IDX 150 -> 50)', () => {
    expect(
      xd(option({ optionExerciseType: 'E', optionExerciseEndDate: '2024-05-31T00:00:00' }), { observations: market }),
    ).toEqual(['2024-05-31', 50]);
  });

  it('Bermudan with monthly dates from 2024-02-01: 03-01 is an exercise date (150 - 100 = 50), 03-15 is not (expiry: 20)', () => {
    const bermudan = option({
      optionExerciseType: 'B',
      cycleAnchorDateOfOptionality: '2024-02-01T00:00:00',
      cycleOfOptionality: 'P1ML1',
    });
    expect(xd(bermudan, exercisedOn('2024-03-01'))).toEqual(['2024-03-01', 50]);
    expect(xd(bermudan, exercisedOn('2024-03-15'))).toEqual(['2024-06-28', 20]);
  });

  it('American from 2024-04-01: an exercise on 03-01 is before the window (expiry: 20); on 04-10 it counts (50)', () => {
    const american = option({ optionExerciseType: 'A', cycleAnchorDateOfOptionality: '2024-04-01T00:00:00' });
    expect(xd(american, exercisedOn('2024-03-01'))).toEqual(['2024-06-28', 20]);
    expect(xd(american, exercisedOn('2024-04-10'))).toEqual(['2024-04-10', 50]);
  });
});
