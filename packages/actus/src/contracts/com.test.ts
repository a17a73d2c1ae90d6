import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTerms } from '../index.js';
import { lifecycleModule } from '../engine/lifecycle.js';
import { restoreBudget, startBudget } from '../engine/budget.js';
import type { EngineContext } from '../engine/types.js';
import { makeTime, type Time } from '../time/datetime.js';
import { com, comLifecycle } from './com.js';

const day = (n: number): string => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 19);

function context(to: Time | undefined): EngineContext {
  return {
    to,
    observe: () => {
      throw new Error('COM observes nothing');
    },
    hasObservations: () => false,
    observedEvents: [],
    evaluate: () => [],
  };
}

describe('COM direct evaluation', () => {
  it('equals the standard lifecycle (schedule, filter, sort, apply, purchase filter) on any dates', () => {
    const generic = lifecycleModule('COM', comLifecycle);
    const previous = startBudget(1_000_000);
    try {
      fc.assert(
        fc.property(
          fc.record({
            sd: fc.integer({ min: 0, max: 8 }),
            prd: fc.option(fc.integer({ min: 0, max: 8 })),
            td: fc.option(fc.integer({ min: 0, max: 8 })),
            to: fc.option(fc.integer({ min: 0, max: 8 })),
            role: fc.constantFrom('RPA', 'RPL', 'BUY', 'SEL'),
            quantity: fc.option(fc.integer({ min: 1, max: 5 })),
            performance: fc.constantFrom('PF', 'DF', undefined),
          }),
          (c) => {
            // Few distinct days: equal purchase, termination, status and horizon dates are frequent.
            const raw: Record<string, unknown> = {
              contractType: 'COM',
              contractID: 'c',
              contractDealDate: day(0),
              unit: 'BRL',
              currency: 'USD',
              contractRole: c.role,
              statusDate: day(c.sd),
              priceAtPurchaseDate: '700',
              priceAtTerminationDate: '900',
            };
            if (c.prd !== null) raw.purchaseDate = day(c.prd);
            if (c.td !== null) raw.terminationDate = day(c.td);
            if (c.quantity !== null) raw.quantity = String(c.quantity);
            const terms = parseTerms(raw);
            if (!terms.ok) throw new Error(JSON.stringify(terms.error));
            // Not a COM term in the dictionary, but the state carries it: set on the parsed terms.
            const parsed =
              c.performance === undefined ? terms.value : { ...terms.value, contractPerformance: c.performance };
            const ctx = context(c.to === null ? undefined : makeTime(2024, 1, 1 + c.to));
            expect(com.evaluate(parsed, ctx)).toEqual(generic.evaluate(parsed, ctx));
          },
        ),
        { numRuns: 2000 },
      );
    } finally {
      restoreBudget(previous);
    }
  });

  it('refuses an unknown calendar as every other type does (terms not from parseTerms)', () => {
    const terms = parseTerms({
      contractType: 'COM',
      contractID: 'c',
      contractDealDate: '2024-01-01T00:00:00',
      unit: 'BRL',
      contractRole: 'RPA',
      currency: 'USD',
      statusDate: '2024-01-01T00:00:00',
      purchaseDate: '2024-01-02T00:00:00',
    });
    if (!terms.ok) throw new Error(JSON.stringify(terms.error));
    expect(() => com.evaluate({ ...terms.value, calendar: 'XX' }, context(undefined))).toThrow(
      /No calendar registered as XX/,
    );
  });
});
