import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareEvents, sortEvents, sequenceOf, EVENT_SEQUENCE } from './sequence.js';
import { roleSign, ROLE_SIGNS } from './role.js';
import { MONITORING, STANDARD, standardTransitionOf } from '../contracts/common/transitions.js';
import { newEvent } from './types.js';
import { startBudget, restoreBudget } from './budget.js';

describe('sortEvents', () => {
  it('orders like the stable builtin sort: time, then event sequence, then schedule order', () => {
    const types = Object.keys(EVENT_SEQUENCE);
    const previous = startBudget(1_000_000);
    try {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom(...types)), {
            minLength: 13,
            maxLength: 120,
            size: 'max',
          }),
          (specs) => {
            // Few distinct times and types: many ties, so stability is exercised; over 12 events
            // the merge (not only the insertion runs) is exercised.
            const events = specs.map(([day, type], i) => {
              const e = newEvent(day * 86_400, day * 86_400, type, 'USD');
              e.value = i;
              return e;
            });
            const expected = [...events].sort(compareEvents).map((e) => e.value);
            expect(sortEvents(events).map((e) => e.value)).toEqual(expected);
          },
        ),
        { numRuns: 300 },
      );
    } finally {
      restoreBudget(previous);
    }
  });
});

describe('sequenceOf and roleSign (switches standing in for their tables)', () => {
  it('rank every event type as EVENT_SEQUENCE does, and unknown types last', () => {
    for (const [type, rank] of Object.entries(EVENT_SEQUENCE)) expect([type, sequenceOf(type)]).toEqual([type, rank]);
    expect(sequenceOf('XX')).toBe(999);
  });

  it('sign every role as ROLE_SIGNS does; absent and unknown roles are +1', () => {
    for (const [role, sign] of Object.entries(ROLE_SIGNS)) expect([role, roleSign(role)]).toEqual([role, sign]);
    expect(roleSign(undefined)).toBe(1);
    expect(roleSign('XX')).toBe(1);
  });
});

describe('standardTransitionOf (a switch standing in for the STANDARD table)', () => {
  it('gives every type its STANDARD transition and any other type monitoring', () => {
    for (const [type, transition] of Object.entries(STANDARD))
      expect([type, standardTransitionOf(type)]).toEqual([type, transition]);
    for (const type of ['AD', 'IED', 'PR', 'XD', 'STD', 'DV', 'XX'])
      expect(standardTransitionOf(type)).toBe(MONITORING);
  });
});
