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

const outright = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  contractType: 'FXOUT',
  contractID: 'fx',
  contractRole: 'RPA',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  currency: 'USD',
  currency2: 'EUR',
  maturityDate: '2024-06-28T00:00:00',
  notionalPrincipal: '1100',
  notionalPrincipal2: '1000',
  ...over,
});
const eurUsd = (rate: number): GenerateOptions => ({
  observations: { 'EUR/USD': [{ timestamp: '2024-06-28T00:00:00', value: rate }] },
});

describe('FXOUT', () => {
  it('delivers both gross amounts at maturity, each in its own currency', () => {
    const events = run(outright({ contractRole: 'RPL' }));
    expect(events.map((e) => [e.eventType, e.currency, e.payoff])).toEqual([
      ['MD', 'USD', -1100],
      ['MD', 'EUR', 1000],
    ]);
  });

  it('cash settlement pays the gross legs valued at the maturity rate, on the next business day', () => {
    fc.assert(
      fc.property(fc.constantFrom('RPA', 'RPL'), fc.double({ min: 0.5, max: 2, noNaN: true }), (role, rate) => {
        const gross = run(outright({ contractRole: role }));
        const [settlement] = run(
          outright({
            contractRole: role,
            deliverySettlement: 'S',
            settlementPeriod: 'P1D',
            calendar: 'MF',
            businessDayConvention: 'SCF',
          }),
          eurUsd(rate),
        );
        const valued = (gross[0]?.payoff ?? 0) + rate * (gross[1]?.payoff ?? 0);
        expect(settlement?.eventType).toBe('STD');
        expect(settlement?.eventDate).toBe('2024-07-01T00:00'); // 06-29 is a Saturday
        expect(Math.abs((settlement?.payoff ?? 0) - valued)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(valued)));
      }),
      { numRuns: 50 },
    );
  });

  it('a termination replaces settlement', () => {
    const events = run(outright({ terminationDate: '2024-03-01T00:00:00', priceAtTerminationDate: '7' }));
    expect(events.map((e) => [e.eventType, e.payoff])).toEqual([['TD', 7]]);
  });
});
