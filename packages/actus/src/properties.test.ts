import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEvents, parseTerms, type ContractEvent } from './index.js';
import { sequenceOf } from './engine/sequence.js';
import { addMonths, formatTime, makeTime, parseTime } from './time/datetime.js';

const CYCLES = ['P1M', 'P3M', 'P6M', 'P1Y'] as const;

/**
 * Principal repaid: the given redemption events' payoffs plus the notional MD repays (the
 * notional outstanding before it; MD's payoff may also settle interest when the last IP
 * was shifted past the unshifted maturity date and dropped).
 */
function principalRepaid(events: ContractEvent[], types: string[]): number {
  const md = events.findIndex((e) => e.eventType === 'MD');
  const before = md > 0 ? (events[md - 1] as ContractEvent).notionalPrincipal : 0;
  return events.filter((e) => types.includes(e.eventType)).reduce((sum, e) => sum + e.payoff, before);
}
const MONTHS: Record<string, number> = { P1M: 1, P3M: 3, P6M: 6, P1Y: 12 };

/** Raw terms of a generated, valid fixed-rate loan of the given amortizing (or bullet) type. */
const loanArb = (type: 'PAM' | 'ANN' | 'LAM' | 'NAM') =>
  fc
    .record({
      sdDay: fc.integer({ min: 0, max: 3650 }),
      // At least 4 days so that a preceding business-day shift of IED never reaches the status date.
      iedLag: fc.integer({ min: 4, max: 40 }),
      cycle: fc.constantFrom(...CYCLES),
      stub: fc.constantFrom('L0', 'L1'),
      periods: fc.integer({ min: 1, max: 40 }),
      extraDays: fc.integer({ min: 0, max: 20 }),
      rate: fc.double({ min: 0, max: 0.15, noNaN: true }),
      notional: fc.integer({ min: 1_000, max: 10_000_000 }),
      role: fc.constantFrom('RPA', 'RPL'),
      dayCount: fc.constantFrom('AA', 'A360', 'A365', '30E360', '30E360ISDA', '28E336'),
      bdc: fc.constantFrom('NOS', 'SCF', 'SCMF', 'CSF', 'CSMF', 'SCP', 'SCMP', 'CSP', 'CSMP'),
      calendar: fc.constantFrom('NC', 'MF'),
      eom: fc.constantFrom('SD', 'EOM'),
    })
    .map((g) => {
      const sd = makeTime(2015, 1, 1) + g.sdDay * 86_400;
      const ied = sd + g.iedLag * 86_400;
      const step = MONTHS[g.cycle] as number;
      const anchor = addMonths(ied, step);
      const md = addMonths(ied, step * g.periods) + g.extraDays * 86_400;
      const raw: Record<string, unknown> = {
        contractType: type,
        contractID: `gen-${type}`,
        contractRole: g.role,
        statusDate: formatTime(sd),
        contractDealDate: formatTime(sd),
        initialExchangeDate: formatTime(ied),
        maturityDate: formatTime(md),
        currency: 'USD',
        notionalPrincipal: String(g.notional),
        nominalInterestRate: String(g.rate),
        dayCountConvention: g.dayCount,
        businessDayConvention: g.bdc,
        calendar: g.calendar,
        endOfMonthConvention: g.eom,
        cycleAnchorDateOfInterestPayment: formatTime(anchor),
        cycleOfInterestPayment: g.cycle + g.stub,
      };
      if (type !== 'PAM') {
        raw.cycleAnchorDateOfPrincipalRedemption = formatTime(anchor);
        raw.cycleOfPrincipalRedemption = g.cycle + g.stub;
      }
      if (type === 'LAM') raw.nextPrincipalRedemptionPayment = String(Math.ceil(g.notional / (g.periods + 1)));
      if (type === 'NAM')
        raw.nextPrincipalRedemptionPayment = String(Math.ceil((g.notional * (1 + g.rate)) / g.periods));
      return { raw, sign: g.role === 'RPA' ? 1 : -1, notional: g.notional };
    });

function evaluate(raw: Record<string, unknown>): ContractEvent[] {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const events = generateEvents(terms.value);
  if (!events.ok) throw new Error(JSON.stringify(events.error));
  return events.value;
}

const NUMERIC = [
  'payoff',
  'notionalPrincipal',
  'nominalInterestRate',
  'accruedInterest',
  'feeAccrued',
  'interestCalculationBaseAmount',
  'nextPrincipalRedemptionPayment',
] as const;
const RUNS = { numRuns: 150 };

describe.each(['PAM', 'ANN', 'LAM', 'NAM'] as const)('%s generated contracts', (type) => {
  it('events are ordered by time, then by the standard event sequence', () => {
    fc.assert(
      fc.property(loanArb(type), ({ raw }) => {
        const events = evaluate(raw);
        for (let i = 1; i < events.length; i++) {
          const a = events[i - 1] as ContractEvent;
          const b = events[i] as ContractEvent;
          const ta = parseTime(a.eventDate) as number;
          const tb = parseTime(b.eventDate) as number;
          expect(ta <= tb).toBe(true);
          if (ta === tb) expect(sequenceOf(a.eventType) <= sequenceOf(b.eventType)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('produces only finite numbers', () => {
    fc.assert(
      fc.property(loanArb(type), ({ raw }) => {
        for (const e of evaluate(raw)) for (const field of NUMERIC) expect(Number.isFinite(e[field])).toBe(true);
      }),
      RUNS,
    );
  });

  it('lends at IED and redeems the whole principal by maturity', () => {
    fc.assert(
      fc.property(loanArb(type), ({ raw, sign, notional }) => {
        const events = evaluate(raw);
        const ied = events.find((e) => e.eventType === 'IED') as ContractEvent;
        expect(ied.payoff).toBeCloseTo(-sign * notional, 6);
        expect(principalRepaid(events, ['PR'])).toBeCloseTo(sign * notional, 4);
        const last = events[events.length - 1] as ContractEvent;
        expect(last.eventType).toBe('MD');
        expect(last.notionalPrincipal).toBe(0);
      }),
      RUNS,
    );
  });

  it('keeps the notional on the lender side (never negative for RPA, never positive for RPL)', () => {
    fc.assert(
      fc.property(loanArb(type), ({ raw, sign }) => {
        for (const e of evaluate(raw)) expect(sign * e.notionalPrincipal >= -1e-9).toBe(true);
      }),
      RUNS,
    );
  });

  it('pays non-negative interest to the lender when the rate is non-negative', () => {
    fc.assert(
      fc.property(loanArb(type), ({ raw, sign }) => {
        for (const e of evaluate(raw)) if (e.eventType === 'IP') expect(sign * e.payoff >= -1e-9).toBe(true);
      }),
      RUNS,
    );
  });

  it('a horizon only truncates the event list', () => {
    fc.assert(
      fc.property(loanArb(type), fc.integer({ min: 0, max: 2000 }), ({ raw }, days) => {
        const full = evaluate(raw);
        const to = formatTime((parseTime(String(raw.statusDate)) as number) + days * 86_400);
        const terms = parseTerms(raw);
        if (!terms.ok) throw new Error('invalid');
        const cut = generateEvents(terms.value, { to });
        if (!cut.ok) throw new Error('engine');
        expect(cut.value).toEqual(full.slice(0, cut.value.length));
        expect(full.slice(cut.value.length).every((e) => e.eventDate > to)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('conventions on generated contracts', () => {
  it('PAM pays exactly N x r x days/365 of interest over its life under A365 without shifts', () => {
    fc.assert(
      fc.property(loanArb('PAM'), ({ raw, sign, notional }) => {
        const plain = { ...raw, dayCountConvention: 'A365', businessDayConvention: 'NOS' };
        const events = evaluate(plain);
        const interest = events.filter((e) => e.eventType === 'IP').reduce((sum, e) => sum + e.payoff, 0);
        const days =
          ((parseTime(String(raw.maturityDate)) as number) - (parseTime(String(raw.initialExchangeDate)) as number)) /
          86_400;
        expect(interest).toBeCloseTo((sign * notional * Number(raw.nominalInterestRate) * days) / 365, 4);
      }),
      RUNS,
    );
  });

  it('every cyclic event falls on a business day when a shifting convention uses the Monday-Friday calendar', () => {
    // IED and the given MD are non-cyclical dates the convention does not move (issue 15, behaviour 1).
    fc.assert(
      fc.property(
        loanArb('LAM'),
        fc.constantFrom('SCF', 'SCMF', 'CSF', 'CSMF', 'SCP', 'SCMP', 'CSP', 'CSMP'),
        ({ raw }, bdc) => {
          for (const e of evaluate({ ...raw, businessDayConvention: bdc, calendar: 'MF' })) {
            if (e.eventType === 'IED' || e.eventType === 'MD') {
              const stated = (e.eventType === 'IED' ? raw.initialExchangeDate : raw.maturityDate) as string;
              expect(e.eventDate).toBe(formatTime(parseTime(stated) as number));
              continue;
            }
            const weekday = new Date(`${e.eventDate.slice(0, 10)}T00:00:00Z`).getUTCDay();
            expect(weekday >= 1 && weekday <= 5).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });
});

describe('annuity instalments', () => {
  it('ANN pays a constant principal + interest instalment on each regular redemption date', () => {
    fc.assert(
      fc.property(loanArb('ANN'), ({ raw }) => {
        const noShift = {
          ...raw,
          businessDayConvention: 'NOS',
          cycleOfPrincipalRedemption: 'P1ML1',
          cycleOfInterestPayment: 'P1ML1',
          dayCountConvention: '30E360',
          endOfMonthConvention: 'SD',
        };
        const events = evaluate(noShift);
        const byDate = new Map<string, number>();
        for (const e of events)
          if (e.eventType === 'PR' || e.eventType === 'IP')
            byDate.set(e.eventDate, (byDate.get(e.eventDate) ?? 0) + e.payoff);
        const instalments = [...byDate.values()].slice(1, -1);
        for (const x of instalments) expect(x).toBeCloseTo(instalments[0] as number, 6);
      }),
      { numRuns: 60 },
    );
  });
});

describe.each(['PAM', 'ANN', 'LAM', 'NAM'] as const)('%s generated contracts with a prepayment', (type) => {
  it('PP + PR + MD still repay exactly the notional; the notional stays on the lender side; figures finite', () => {
    fc.assert(
      fc.property(
        loanArb(type),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.constantFrom('A', 'M'),
        fc.constantFrom('N', 'A', 'R'),
        ({ raw, sign, notional }, share, when, effect, penalty) => {
          const ied = parseTime(raw.initialExchangeDate as string) as number;
          const md = parseTime(raw.maturityDate as string) as number;
          const day = ied + Math.max(1, Math.floor(((md - ied) / 86_400) * when)) * 86_400;
          const observedEvents = [
            { time: formatTime(day), type: 'PP', value: share * notional, contractId: raw.contractID },
          ];
          const terms = parseTerms({ ...raw, prepaymentEffect: effect, penaltyType: penalty, penaltyRate: '0.01' });
          if (!terms.ok) throw new Error(JSON.stringify(terms.error));
          const result = generateEvents(terms.value, { observedEvents });
          if (!result.ok) throw new Error(JSON.stringify(result.error));
          const events = result.value;
          expect(principalRepaid(events, ['PP', 'PR'])).toBeCloseTo(sign * notional, 4);
          for (const e of events) {
            expect(sign * e.notionalPrincipal).toBeGreaterThanOrEqual(-1e-6);
            for (const field of NUMERIC) expect(Number.isFinite(e[field])).toBe(true);
          }
          expect(events.some((e) => e.eventType === 'PY')).toBe(
            penalty !== 'N' && events.some((e) => e.eventType === 'PP'),
          );
        },
      ),
      RUNS,
    );
  });
});
