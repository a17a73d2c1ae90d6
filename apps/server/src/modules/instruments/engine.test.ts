import fc from 'fast-check';
import {
  CALENDARS,
  CONTRACT_ROLES,
  CONTRACT_TYPES,
  CURRENCIES,
  DAY_COUNT_CONVENTIONS,
  INTEREST_RATE_TYPES,
  OPTION_TYPES,
  PAYMENT_FREQUENCIES,
  addMonths,
  instrumentFormSchema,
} from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_MAX_EVENTS, compileInstrument, holderSign, newContractId } from './engine';

// Any form the wizard accepts, with the fields each contract type needs filled in.
const formArb = fc
  .record({
    contractType: fc.constantFrom(...CONTRACT_TYPES),
    currency: fc.constantFrom(...CURRENCIES),
    units: fc.integer({ min: 1, max: 1_000_000 }),
    issueMonth: fc.integer({ min: 0, max: 120 }),
    issueDay: fc.integer({ min: 1, max: 31 }),
    years: fc.integer({ min: 1, max: 30 }),
    interestRate: fc.option(fc.double({ min: 0, max: 15, noNaN: true }), { nil: null }),
    interestRateType: fc.constantFrom(...INTEREST_RATE_TYPES),
    paymentFrequency: fc.constantFrom(...PAYMENT_FREQUENCIES),
    dayCountConvention: fc.constantFrom(...DAY_COUNT_CONVENTIONS),
    contractRole: fc.constantFrom(...CONTRACT_ROLES),
    calendar: fc.constantFrom(...CALENDARS),
    optionType: fc.constantFrom(...OPTION_TYPES),
    strikePrice: fc.double({ min: 0.01, max: 10_000, noNaN: true }),
    swapRate: fc.double({ min: 0, max: 15, noNaN: true }),
    dividendRate: fc.option(fc.double({ min: 0, max: 12, noNaN: true }), { nil: null }),
  })
  .map((f) => {
    const debt = ['PAM', 'ANN', 'LAM', 'CEG', 'SWAPS', 'SWPPV'].includes(f.contractType);
    const issueDate = addMonths(`2015-01-${String(Math.min(f.issueDay, 28)).padStart(2, '0')}`, f.issueMonth);
    return instrumentFormSchema.parse({
      ...f,
      name: 'Generated instrument',
      notionalAmount: f.units * (debt ? 100 : 1),
      issueDate,
      maturityDate: addMonths(issueDate, f.years * 12),
    });
  });

describe('wizard terms through the ACTUS engine', () => {
  it('every valid form of every contract type yields terms the engine accepts and a schedule', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const compiled = compileInstrument(form, newContractId(form.contractType, new Date('2025-01-01T00:00:00Z')));
        if (!compiled.ok) throw new Error(`${form.contractType}: ${JSON.stringify(compiled.problems)}`);
        expect(compiled.value.events.length).toBeGreaterThan(0);
        // Every schedule starts at issue and stays in the terms' currency.
        expect(compiled.value.events[0]!.eventDate.slice(0, 10) >= form.issueDate).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a bond repays its notional to the holder: coupons plus principal at maturity', () => {
    const form = instrumentFormSchema.parse({
      contractType: 'LAM',
      name: 'Amortizer',
      notionalAmount: 1_200_000,
      issueDate: '2025-01-15',
      maturityDate: '2028-01-15',
      interestRate: 6,
      paymentFrequency: 'P1Y',
    });
    const compiled = compileInstrument(form, 'LAM-1');
    if (!compiled.ok) throw new Error('rejected');
    const principal = compiled.value.events
      .filter((e) => e.eventType === 'PR' || e.eventType === 'MD')
      .reduce((s, e) => s + e.payoff, 0);
    expect(principal).toBeCloseTo(1_200_000, 2);
    expect(holderSign(compiled.value.terms)).toBe(1);
  });

  it('reports missing maturity and strike as engine problems (a second line behind the form schema)', () => {
    const base = { name: 'Incomplete', notionalAmount: 1000, issueDate: '2025-01-15', maturityDate: '2026-01-15' };
    const pamForm = instrumentFormSchema.parse({ ...base, contractType: 'PAM' });
    const pam = compileInstrument({ ...pamForm, maturityDate: '' }, 'P');
    expect(pam.ok ? [] : pam.problems.map((p) => p.term)).toContain('maturityDate');
    const optForm = instrumentFormSchema.parse({ ...base, contractType: 'OPTNS', strikePrice: 10 });
    const opt = compileInstrument({ ...optForm, strikePrice: null }, 'O');
    expect(opt.ok ? [] : opt.problems.map((p) => p.term)).toContain('optionStrike1');
  });
});

describe('bounded evaluation on the request path', () => {
  // The longest schedule the period check lets through: INSTRUMENT_MAX_EVENTS / 4 monthly periods.
  const longest = (contractType: string, interestRateType: string, months: number) =>
    instrumentFormSchema.parse({
      contractType,
      name: 'Longest schedule',
      notionalAmount: 1000,
      issueDate: '1000-01-31',
      maturityDate: addMonths('1000-01-31', months),
      interestRate: 5,
      swapRate: 4,
      strikePrice: 10,
      dividendRate: 3,
      interestRateType,
      paymentFrequency: 'P1M',
      calendar: 'MONDAYTOFRIDAY',
    });

  // The engine charges every event and every inner-loop step against maxEvents, so each of
  // these is bounded by construction; their CPU time is measured in the README, not asserted.
  it('every contract type at the longest accepted schedule is evaluated within the budget or refused by it', () => {
    const months = INSTRUMENT_MAX_EVENTS / 4;
    for (const type of CONTRACT_TYPES)
      for (const rateType of INTEREST_RATE_TYPES) {
        const result = compileInstrument(longest(type, rateType, months), 'X-1');
        if (result.ok) expect(result.value.events.length).toBeLessThanOrEqual(INSTRUMENT_MAX_EVENTS);
        else expect(result.problems[0]?.code).toBe('SCHEDULE_TOO_LONG');
      }
  });

  it('one period more is refused from the dates alone, before terms and market data are built', () => {
    const result = compileInstrument(longest('PAM', 'FLOATING', INSTRUMENT_MAX_EVENTS / 4 + 1), 'X-1');
    expect(result).toMatchObject({ ok: false, problems: [{ term: 'maturityDate', code: 'SCHEDULE_TOO_LONG' }] });
  });
});
