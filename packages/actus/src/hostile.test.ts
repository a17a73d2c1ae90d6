import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEvents, parseTerms, type ContractEvent, type ContractTerms } from './index.js';
import { DEFAULT_MAX_EVENTS } from './engine/budget.js';
import { parseTime } from './time/datetime.js';
import { APPLICABILITY } from './terms/dictionary-data.js';

const SD = '2024-01-01T00:00:00';
const ann = {
  contractType: 'ANN',
  contractID: 'hostile',
  contractRole: 'RPA',
  currency: 'USD',
  statusDate: SD,
  contractDealDate: SD,
  initialExchangeDate: '2024-01-02T00:00:00',
  notionalPrincipal: 1e9,
  nominalInterestRate: 0.05,
  dayCountConvention: 'A365',
  cycleAnchorDateOfPrincipalRedemption: '2024-02-02T00:00:00',
  cycleOfPrincipalRedemption: 'P1ML1',
};
const pam = {
  ...ann,
  contractType: 'PAM',
  maturityDate: '2030-01-02T00:00:00',
  cycleAnchorDateOfPrincipalRedemption: undefined,
  cycleOfPrincipalRedemption: undefined,
};

function parsed(raw: Record<string, unknown>): ContractTerms {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  return terms.value;
}

function problemCodes(raw: Record<string, unknown>, options = {}): string[] {
  const terms = parseTerms(raw);
  if (!terms.ok) return terms.error.map((p) => p.code);
  const events = generateEvents(terms.value, options);
  return events.ok ? [] : events.error.map((p) => p.code);
}

describe('event budget (SCHEDULE_TOO_LONG, computed before building)', () => {
  it('refuses a daily cycle to 9999-12-31 (used to overflow the call stack)', () => {
    const result = generateEvents(
      parsed({ ...pam, maturityDate: '9999-12-31T00:00:00', cycleOfInterestPayment: 'P1DL1' }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error[0]).toMatchObject({ term: 'maxEvents', code: 'SCHEDULE_TOO_LONG' });
    // Daily from IED 2024-01-02 to 9999-12-31: days + the end date + one for the bound's
    // rounding; the count is computed and named, the array never built.
    const days = (Date.UTC(9999, 11, 31) - Date.UTC(2024, 0, 2)) / 86_400_000;
    expect(result.error[0]?.message).toContain(`A schedule of ${days + 2} dates`);
    expect(result.error[0]?.message).toContain('100,000 events');
  });

  it('refuses ANN and LAM without maturity whose tiny instalment would never end (used to abort V8)', () => {
    // 1e9 / 0.01 = 1e11 monthly redemptions before maturity: refused from the arithmetic alone.
    expect(problemCodes({ ...ann, nominalInterestRate: 0, nextPrincipalRedemptionPayment: 0.01 })).toEqual([
      'SCHEDULE_TOO_LONG',
    ]);
    expect(problemCodes({ ...ann, contractType: 'LAM', nextPrincipalRedemptionPayment: 0.01 })).toEqual([
      'SCHEDULE_TOO_LONG',
    ]);
  });

  it('a nextPrincipalRedemptionPayment of 1e-300 is refused, not turned into NaN dates', () => {
    expect(problemCodes({ ...ann, contractType: 'LAM', nextPrincipalRedemptionPayment: 1e-300 })).toEqual([
      'SCHEDULE_TOO_LONG',
    ]);
  });

  it('the limit is configurable and counts events, composite children included', () => {
    // 2024-01-02 .. 2030-01-02 monthly: 72 IP + IED + MD = 74 events.
    const terms = parsed({
      ...pam,
      cycleAnchorDateOfInterestPayment: '2024-02-02T00:00:00',
      cycleOfInterestPayment: 'P1ML1',
    });
    const all = generateEvents(terms, { maxEvents: 74 });
    expect(all.ok && all.value.length).toBe(74);
    expect(generateEvents(terms, { maxEvents: 73 })).toMatchObject({
      ok: false,
      error: [{ code: 'SCHEDULE_TOO_LONG' }],
    });
    expect(generateEvents(terms, { maxEvents: 0 })).toMatchObject({ ok: false, error: [{ code: 'INVALID_VALUE' }] });
  });

  it('bounds the running time too: annuity re-fixings are charged as work', () => {
    // A monthly ANN over 800 years with monthly rate resets: 9,600 re-fixings over up to
    // 9,600 remaining dates = 46 million steps, over 100 per event of a 40,000 budget.
    // Its ~29,000 events alone (IP, PR, RR per month) fit the budget, so only the work
    // charge can refuse it: the refusal itself shows the running time is bounded.
    const floating = {
      ...ann,
      maturityDate: '2824-01-02T00:00:00',
      cycleAnchorDateOfRateReset: '2024-02-02T00:00:00',
      cycleOfRateReset: 'P1ML1',
      marketObjectCodeOfRateReset: 'RATE',
    };
    const observations = { RATE: [{ timestamp: SD, value: 0.04 }] };
    expect(problemCodes(floating, { observations, maxEvents: 40_000 })).toEqual(['SCHEDULE_TOO_LONG']);
    const fixed = generateEvents(parsed({ ...ann, maturityDate: '2824-01-02T00:00:00' }), { maxEvents: 40_000 });
    expect(fixed.ok && fixed.value.length + 9_600 < 40_000).toBe(true);
    expect(DEFAULT_MAX_EVENTS).toBe(100_000);
  });
});

describe('hostile terms and inputs are clear problems, never crashes', () => {
  it('negative amounts and maturity before IED or the status date are rejected (dictionary: Positive)', () => {
    const problems = (raw: Record<string, unknown>) => {
      const r = parseTerms(raw);
      return r.ok ? [] : r.error.map((p) => `${p.term} ${p.code}`);
    };
    expect(problems({ ...pam, notionalPrincipal: -5 })).toEqual(['notionalPrincipal INVALID_VALUE']);
    expect(problems({ ...pam, maturityDate: '2024-01-01T12:00:00' })).toEqual(['maturityDate INVALID_VALUE']);
    expect(problems({ ...pam, maturityDate: '2023-06-01T00:00:00' })).toEqual([
      'maturityDate INVALID_VALUE',
      'maturityDate INVALID_VALUE',
    ]);
  });

  it('parseTerms of null, an array or a string answers a problem', () => {
    for (const raw of [null, undefined, [], 'PAM', 42])
      expect(parseTerms(raw as never)).toMatchObject({ ok: false, error: [{ code: 'INVALID_TYPE' }] });
  });

  it('generateEvents of something that is not parsed terms answers a problem', () => {
    for (const raw of [null, undefined, {}, 'PAM'])
      expect(generateEvents(raw as never)).toMatchObject({ ok: false, error: [{ code: 'INVALID_TYPE' }] });
  });

  it('observed events: null entries and non-numeric PP values are refused', () => {
    const terms = parsed({ ...pam, prepaymentEffect: 'M' });
    expect(generateEvents(terms, { observedEvents: [null] })).toMatchObject({
      ok: false,
      error: [{ term: 'observedEvents[0]', code: 'INVALID_TYPE' }],
    });
    const pp = { time: '2026-01-02T00:00:00', type: 'PP', value: 'abc' };
    expect(generateEvents(terms, { observedEvents: [pp] })).toMatchObject({
      ok: false,
      error: [
        { term: 'observedEvents[0]', code: 'INVALID_TYPE', message: 'observedEvents[0] value must be a finite number' },
      ],
    });
    expect(generateEvents(terms, { observedEvents: 'x' as never })).toMatchObject({ ok: false });
  });

  it('a guarantee nested 3,000 levels deep is refused at parse time (and at evaluation time)', () => {
    let raw: Record<string, unknown> = pam;
    for (let i = 0; i < 3000; i++)
      raw = {
        contractType: 'CEG',
        contractID: `g${i}`,
        contractRole: 'BUY',
        currency: 'USD',
        statusDate: SD,
        contractDealDate: SD,
        coverageOfCreditEnhancement: 1,
        guaranteedExposure: 'NO',
        creditEventTypeCovered: 'DF',
        contractStructure: [{ object: raw, referenceType: 'CNT', referenceRole: 'COVE' }],
      };
    const result = parseTerms(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.some((p) => p.code === 'NESTING_TOO_DEEP')).toBe(true);
    // Terms assembled without parseTerms reach the engine's own depth check.
    const guarantee = parsed({
      ...(raw as object),
      maturityDate: '2030-01-02T00:00:00',
      contractStructure: [{ object: pam, referenceType: 'CNT', referenceRole: 'COVE' }],
    });
    let terms: ContractTerms = parsed(pam);
    for (let i = 0; i < 3000; i++)
      terms = { ...guarantee, contractStructure: [{ object: terms, referenceType: 'CNT', referenceRole: 'COVE' }] };
    const deep = generateEvents(terms);
    expect(deep.ok ? [] : deep.error).toEqual([expect.objectContaining({ code: 'NESTING_TOO_DEEP' })]);
  });

  it('a calendar without business days is refused instead of looping', async () => {
    const { registerCalendar } = await import('./index.js');
    registerCalendar('NEVER', { isBusinessDay: () => false });
    expect(problemCodes({ ...pam, calendar: 'NEVER', businessDayConvention: 'SCF' })).toEqual(['INVALID_VALUE']);
  });
});

// ---------------------------------------------------------------- hostile-terms property

const hostileNumber = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1e-300, 5e-324, 1e-12, 1e12, 1e300, Number.MAX_VALUE, -1, -1e300, 0.01) },
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('NaN', 'Infinity', '1e999', null, 'abc', ''),
);
const hostileDate = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .integer({ min: 0, max: 40 * 365 })
      .map((d) => new Date(Date.UTC(2000, 0, 1) + d * 86_400_000).toISOString().slice(0, 19)),
  },
  fc.constantFrom('0001-01-01T00:00:00', '9999-12-31T23:59:59', '2024-02-29T00:00:00', '2024-01-06T00:00:00', null),
  fc.integer({ min: 1, max: 9999 }).map((y) => `${String(y).padStart(4, '0')}-03-31T00:00:00`),
  fc.constantFrom('2024-13-01T00:00:00', 'yesterday', ''),
);
const hostileCycle = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(0, 1, 2, 7, 13, 999, 100000),
      fc.constantFrom('D', 'W', 'M', 'Q', 'H', 'Y'),
      fc.constantFrom('L0', 'L1', ''),
    )
    .map(([n, u, s]) => `P${n}${u}${s}`),
  fc.constantFrom('P', 'PXM', null, ''),
);
const TYPES = [
  'PAM',
  'ANN',
  'LAM',
  'NAM',
  'CLM',
  'UMP',
  'STK',
  'COM',
  'CSH',
  'LAX',
  'SWPPV',
  'FXOUT',
  'OPTNS',
  'FUTUR',
];

const hostileTerms = fc
  .record(
    {
      contractType: fc.constantFrom(...TYPES),
      contractID: fc.constant('hostile'),
      contractRole: fc.constantFrom('RPA', 'RPL', 'BUY', 'SEL'),
      currency: fc.constant('USD'),
      currency2: fc.constant('EUR'),
      statusDate: hostileDate,
      contractDealDate: hostileDate,
      initialExchangeDate: hostileDate,
      maturityDate: hostileDate,
      purchaseDate: hostileDate,
      terminationDate: hostileDate,
      notionalPrincipal: hostileNumber,
      notionalPrincipal2: hostileNumber,
      nominalInterestRate: hostileNumber,
      nominalInterestRate2: hostileNumber,
      nextPrincipalRedemptionPayment: hostileNumber,
      priceAtPurchaseDate: hostileNumber,
      priceAtTerminationDate: hostileNumber,
      feeBasis: fc.constantFrom('A', 'N'),
      dayCountConvention: fc.constantFrom('AA', 'A360', 'A365', '30E360', '30E360ISDA', '28E336', 'B252'),
      businessDayConvention: fc.constantFrom('NOS', 'SCF', 'SCMF', 'CSMP', 'SCP'),
      calendar: fc.constantFrom('NC', 'MF'),
      endOfMonthConvention: fc.constantFrom('SD', 'EOM'),
      cycleAnchorDateOfInterestPayment: hostileDate,
      cycleOfInterestPayment: hostileCycle,
      cycleAnchorDateOfPrincipalRedemption: hostileDate,
      cycleOfPrincipalRedemption: hostileCycle,
      cycleAnchorDateOfFee: hostileDate,
      cycleOfFee: hostileCycle,
      feeRate: hostileNumber,
      optionStrike1: hostileNumber,
      optionType: fc.constantFrom('C', 'P'),
      optionExerciseType: fc.constantFrom('E', 'A'),
      futuresPrice: hostileNumber,
      deliverySettlement: fc.constantFrom('S', 'D'),
      contractStructure: fc.constant([
        { object: { marketObjectCode: 'UDL' }, referenceType: 'MOC', referenceRole: 'UDL' },
      ]),
    },
    { requiredKeys: ['contractType', 'contractID', 'contractRole', 'currency', 'statusDate'] },
  )
  .map((raw) => {
    // Keep the terms that apply to the drawn type, so that draws reach the engine.
    const rules = APPLICABILITY[raw.contractType] ?? {};
    return Object.fromEntries(Object.entries(raw).filter(([term]) => term in rules)) as Record<string, unknown>;
  });

const DATE_OUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

function assertSound(e: ContractEvent): void {
  expect(DATE_OUT.test(e.eventDate) && parseTime(e.eventDate) !== undefined).toBe(true);
  if (e.exerciseDate !== undefined) expect(parseTime(e.exerciseDate)).not.toBeUndefined();
  for (const value of Object.values(e)) if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
}

describe('hostile-terms property', () => {
  it('huge/tiny numbers, far dates, zero and odd cycles, nulls: a Result within the budget, sound events', () => {
    const maxEvents = 3_000;
    let evaluated = 0;
    fc.assert(
      fc.property(hostileTerms, (raw) => {
        const observations = {
          UDL: [{ timestamp: '2020-01-01T00:00:00', value: 100 }],
          'EUR/USD': [{ timestamp: '2020-01-01T00:00:00', value: 1.1 }],
        };
        const terms = parseTerms(raw);
        if (!terms.ok) {
          expect(terms.error.length).toBeGreaterThan(0);
          return;
        }
        const events = generateEvents(terms.value, { maxEvents, observations });
        if (!events.ok) {
          expect(events.error[0]?.code).toMatch(/^[A-Z_]+$/);
          return;
        }
        evaluated++;
        expect(events.value.length).toBeLessThanOrEqual(maxEvents);
        for (const e of events.value) assertSound(e);
      }),
      { numRuns: 600 },
    );
    expect(evaluated).toBeGreaterThan(20);
  });
});

describe('lean result (generateCashFlows)', () => {
  it('holds the same events, in the same order, with the same numbers as the records', async () => {
    const { formatEventTime, generateCashFlows } = await import('./index.js');
    const terms = parsed({
      ...ann,
      maturityDate: '2034-01-02T00:00:00',
      cycleAnchorDateOfRateReset: '2025-01-02T00:00:00',
      cycleOfRateReset: 'P1YL1',
      marketObjectCodeOfRateReset: 'RATE',
    });
    const options = { observations: { RATE: [{ timestamp: SD, value: 0.04 }] } };
    const records = generateEvents(terms, options);
    const flows = generateCashFlows(terms, options);
    if (!records.ok || !flows.ok) throw new Error('evaluation failed');
    expect(flows.value.length).toBe(records.value.length);
    records.value.forEach((e, i) => {
      expect(formatEventTime(flows.value.time[i] as number)).toBe(e.eventDate);
      expect(flows.value.eventType[i]).toBe(e.eventType);
      expect(flows.value.payoff[i]).toBe(e.payoff);
      expect(flows.value.notionalPrincipal[i]).toBe(e.notionalPrincipal);
      expect(flows.value.accruedInterest[i]).toBe(e.accruedInterest);
      expect(flows.value.nominalInterestRate[i]).toBe(e.nominalInterestRate);
      expect(flows.value.currency[i]).toBe(e.currency);
    });
    expect(generateCashFlows(terms, { maxEvents: 3 })).toMatchObject({
      ok: false,
      error: [{ code: 'SCHEDULE_TOO_LONG' }],
    });
  });
});
