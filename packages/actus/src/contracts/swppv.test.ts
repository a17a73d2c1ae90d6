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

const swap = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  contractType: 'SWPPV',
  contractID: 's',
  contractRole: 'PF',
  statusDate: '2015-01-01T00:00:00',
  contractDealDate: '2014-12-30T00:00:00',
  currency: 'USD',
  initialExchangeDate: '2015-01-02T00:00:00',
  maturityDate: '2016-01-02T00:00:00',
  notionalPrincipal: '1000',
  nominalInterestRate: '0.05',
  nominalInterestRate2: '0.02',
  dayCountConvention: 'A365',
  cycleAnchorDateOfInterestPayment: '2015-04-02T00:00:00',
  cycleOfInterestPayment: 'P3ML1',
  cycleAnchorDateOfRateReset: '2015-02-02T00:00:00',
  cycleOfRateReset: 'P2ML1',
  rateSpread: '0.001',
  marketObjectCodeOfRateReset: 'LIBOR',
  ...over,
});
const libor = (rate: number): GenerateOptions => ({
  observations: { LIBOR: [{ timestamp: '2015-01-01T00:00:00', value: rate }] },
});

describe('SWPPV', () => {
  it('pays the fixed leg with the role sign and the floating leg opposite, accruing the float across mid-period resets', () => {
    const events = run(swap(), libor(0.03));
    const fixed = events.filter((e) => e.eventType === 'IPFX');
    const floating = events.filter((e) => e.eventType === 'IPFL');
    // First period 2015-01-02..04-02 (90 days): float 0.02 for 31 days, then 0.031 after the 02-02 reset.
    expect(fixed[0]?.payoff).toBeCloseTo((-1000 * 0.05 * 90) / 365, 10);
    expect(floating[0]?.payoff).toBeCloseTo((1000 * (0.02 * 31 + 0.031 * 59)) / 365, 10);
    expect(events.at(-1)).toMatchObject({ eventType: 'MD', payoff: 0, notionalPrincipal: 0 });
  });

  it('nets both legs into one IP under cash settlement: net payoff = fixed leg + floating leg', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('PF', 'RF'),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        fc.double({ min: -0.01, max: 0.2, noNaN: true }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (role, fixedRate, observed, notional) => {
          const over = {
            contractRole: role,
            nominalInterestRate: String(fixedRate),
            notionalPrincipal: String(notional),
          };
          const gross = run(swap(over), libor(observed));
          const net = run(swap({ ...over, deliverySettlement: 'S' }), libor(observed));
          for (const events of [gross, net]) {
            expect(events.every((e, i) => i === 0 || (events[i - 1] as ContractEvent).eventDate <= e.eventDate)).toBe(
              true,
            );
            expect(
              events.every(
                (e) =>
                  Number.isFinite(e.payoff) &&
                  Number.isFinite(e.notionalPrincipal) &&
                  Number.isFinite(e.accruedInterest),
              ),
            ).toBe(true);
          }
          const payments = net.filter((e) => e.eventType === 'IP');
          expect(payments.length).toBe(gross.filter((e) => e.eventType === 'IPFX').length);
          for (const ip of payments) {
            const legs = gross.filter(
              (e) => e.eventDate === ip.eventDate && (e.eventType === 'IPFX' || e.eventType === 'IPFL'),
            );
            const sum = legs.reduce((a, e) => a + e.payoff, 0);
            expect(Math.abs(ip.payoff - sum)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(sum)));
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a swap already running at the status date pays the same flows as one followed from inception', () => {
    for (const settlement of ['D', 'S']) {
      const over = {
        cycleAnchorDateOfRateReset: '2015-04-02T00:00:00',
        deliverySettlement: settlement,
        contractRole: 'RF',
      };
      const full = run(swap(over), libor(0.03));
      const running = run(swap({ ...over, statusDate: '2015-02-15T00:00:00' }), libor(0.03));
      const after = full.filter((e) => e.eventDate > '2015-02-15T00:00');
      expect(running.map((e) => [e.eventDate, e.eventType])).toEqual(after.map((e) => [e.eventDate, e.eventType]));
      running.forEach((e, i) => expect(e.payoff).toBeCloseTo(after[i]?.payoff ?? Number.NaN, 9));
    }
  });

  it('terminates: no event after TD, termination price paid, position closed', () => {
    const events = run(swap({ terminationDate: '2015-08-15T00:00:00', priceAtTerminationDate: '12.5' }), libor(0.03));
    expect(events.at(-1)).toMatchObject({ eventType: 'TD', payoff: 12.5, notionalPrincipal: 0, accruedInterest: 0 });
    expect(events.every((e) => e.eventDate <= '2015-08-15T00:00')).toBe(true);
  });

  it('reports an engine problem, not a crash, when the reset index has no data', () => {
    const terms = parseTerms(swap());
    if (!terms.ok) throw new Error('terms');
    const result = generateEvents(terms.value);
    expect(result.ok).toBe(false);
  });
});
