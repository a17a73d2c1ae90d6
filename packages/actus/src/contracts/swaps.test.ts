import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTerms } from '../terms/parse.js';
import { generateEvents, type ContractEvent } from '../engine/generate.js';

function run(raw: Record<string, unknown>): ContractEvent[] {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const events = generateEvents(terms.value);
  if (!events.ok) throw new Error(JSON.stringify(events.error));
  return events.value;
}

const leg = (id: string, notional: number, rate: number, cycle: string): Record<string, unknown> => ({
  contractType: 'PAM',
  contractID: id,
  contractDealDate: '2023-12-28T00:00:00',
  statusDate: '2023-12-30T00:00:00',
  initialExchangeDate: '2024-01-01T00:00:00',
  maturityDate: '2025-01-01T00:00:00',
  currency: 'USD',
  notionalPrincipal: String(notional),
  nominalInterestRate: String(rate),
  dayCountConvention: 'A360',
  cycleAnchorDateOfInterestPayment: '2024-01-01T00:00:00',
  cycleOfInterestPayment: cycle,
});

const swap = (
  role: string,
  settlement: string,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> => ({
  contractType: 'SWAPS',
  contractID: 'sw',
  contractRole: role,
  currency: 'USD',
  contractDealDate: '2023-12-28T00:00:00',
  statusDate: '2023-12-30T00:00:00',
  deliverySettlement: settlement,
  contractStructure: [
    { object: a, referenceType: 'CNT', referenceRole: 'FIL' },
    { object: b, referenceType: 'CNT', referenceRole: 'SEL' },
  ],
});

const total = (events: ContractEvent[]): number => events.reduce((sum, e) => sum + e.payoff, 0);

describe('SWAPS', () => {
  it('cash settlement moves exactly the money of delivery, whatever the legs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('RFL', 'PFL'),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.double({ min: 0, max: 0.15, noNaN: true }),
        fc.double({ min: 0, max: 0.15, noNaN: true }),
        fc.constantFrom('P1ML1', 'P3ML1', 'P6ML0'),
        (role, n1, n2, r1, r2, cycle) => {
          const a = leg('a', n1, r1, 'P3ML1');
          const b = leg('b', n2, r2, cycle);
          const delivered = run(swap(role, 'D', a, b));
          expect(
            delivered.every((e, i) => i === 0 || (delivered[i - 1] as ContractEvent).eventDate <= e.eventDate),
          ).toBe(true);
          expect(delivered.every((e) => Number.isFinite(e.payoff) && Number.isFinite(e.notionalPrincipal))).toBe(true);
          const gross = total(delivered);
          const net = total(run(swap(role, 'S', a, b)));
          expect(Math.abs(net - gross)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(gross)));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('paying the first leg is the mirror image of receiving it', () => {
    const a = leg('a', 1000, 0.05, 'P3ML1');
    const b = leg('b', 1000, 0.04, 'P6ML1');
    const receive = run(swap('RFL', 'D', a, b));
    const pay = run(swap('PFL', 'D', a, b));
    expect(pay.map((e) => e.payoff)).toEqual(receive.map((e) => -e.payoff || 0));
  });

  it('nets congruent payments into one event per date with the summed notional', () => {
    const events = run(swap('RFL', 'S', leg('a', 1000, 0.05, 'P6ML1'), leg('b', 1200, 0.05, 'P6ML1')));
    expect(events.map((e) => e.eventType)).toEqual(['IED', 'IP', 'IP', 'IP', 'MD']);
    expect(events[0]).toMatchObject({ payoff: 200, notionalPrincipal: -200 });
  });
});
