import { describe, expect, it } from 'vitest';
import { generateEvents, parseTerms, type ContractEvent, type GenerateOptions } from './index.js';

// Behaviours beyond the official test beds (issue 15), each pinned with its arithmetic.
// Terms of the ACTUS data dictionary (../shared/actus-dictionary) are cited by name.

function run(raw: Record<string, unknown>, options: GenerateOptions = {}): ContractEvent[] {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const events = generateEvents(terms.value, options);
  if (!events.ok) throw new Error(JSON.stringify(events.error));
  return events.value;
}

const only = (events: ContractEvent[], type: string): ContractEvent[] => events.filter((e) => e.eventType === type);
const one = (events: ContractEvent[], type: string): ContractEvent => {
  const found = only(events, type);
  expect(found, type).toHaveLength(1);
  return found[0] as ContractEvent;
};

// 2022-01-01 is a Saturday, 2023-01-01 a Sunday, 2022-07-03 a Sunday, 2022-04-30 a Saturday.
const pam = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  contractType: 'PAM',
  contractID: 'b',
  contractRole: 'RPA',
  currency: 'USD',
  statusDate: '2021-12-01T00:00:00',
  contractDealDate: '2021-12-01T00:00:00',
  initialExchangeDate: '2022-01-01T00:00:00',
  maturityDate: '2023-01-01T00:00:00',
  notionalPrincipal: 1000,
  nominalInterestRate: 0.0365,
  dayCountConvention: 'A365',
  cycleAnchorDateOfInterestPayment: '2023-01-01T00:00:00',
  calendar: 'MF',
  ...over,
});

describe('1. IED and a given MD are not moved by the business-day convention (businessDayConvention)', () => {
  it('IED on a Saturday stays on the Saturday under CSF and under SCMF, MD on a Sunday too', () => {
    for (const bdc of ['CSF', 'SCMF', 'SCF']) {
      const events = run(pam({ businessDayConvention: bdc }));
      expect(one(events, 'IED').eventDate, bdc).toBe('2022-01-01T00:00');
      expect(one(events, 'MD').eventDate, bdc).toBe('2023-01-01T00:00');
    }
  });

  it('a maturity the engine derives (no maturityDate) is a schedule date and keeps its shift', () => {
    // LAM of 1000 repaying 500 a month from PRANX 2022-03-31 (Thu): ceil(1000 / 500) = 2 redemptions,
    // so the derived maturity is PRANX + 1 cycle = 2022-04-30, a Saturday.
    const events = run({
      ...pam({ contractType: 'LAM', businessDayConvention: 'SCF', maturityDate: undefined }),
      cycleAnchorDateOfInterestPayment: undefined,
      cycleAnchorDateOfPrincipalRedemption: '2022-03-31T00:00:00',
      cycleOfPrincipalRedemption: 'P1ML1',
      nextPrincipalRedemptionPayment: 500,
    });
    // Derived maturity 2022-04-30 (Saturday) is shifted to Monday 2022-05-02.
    expect(one(events, 'MD').eventDate).toBe('2022-05-02T00:00');
  });
});

describe('2. the last IP shifted past an unshifted MD is dropped; MD pays the accrued interest', () => {
  it('SCF: MD on Sunday pays 1000 + 1000 x 0.0365 x 364/365 (calc dates Mon 2022-01-03 to Mon 2023-01-02)', () => {
    const events = run(pam({ businessDayConvention: 'SCF' }));
    expect(only(events, 'IP')).toHaveLength(0);
    expect(one(events, 'MD').payoff).toBeCloseTo(1000 + (1000 * 0.0365 * 364) / 365, 9);
    expect(one(events, 'MD').accruedInterest).toBe(0);
  });

  it('CSF: accrual on the unshifted dates, 1000 x 0.0365 x 365/365 = 36.5, paid once by MD', () => {
    const events = run(pam({ businessDayConvention: 'CSF' }));
    expect(only(events, 'IP')).toHaveLength(0);
    expect(one(events, 'MD').payoff).toBeCloseTo(1036.5, 9);
  });

  it('NOS: the IP at maturity pays 36.5 and MD only the notional (nothing twice)', () => {
    const events = run(pam({ businessDayConvention: 'NOS' }));
    expect(one(events, 'IP').payoff).toBeCloseTo(36.5, 9);
    expect(one(events, 'MD').payoff).toBeCloseTo(1000, 9);
  });
});

describe('3. annuity from year fractions over the unadjusted schedule S(PRANX, PRCL, MD)', () => {
  it('ANN fixed before PRANX 2022-04-30 (Sat), MD 2022-05-30, SCF: uses 30/365 and 30/365, not 32 and 28', () => {
    const r = 0.1;
    const events = run({
      ...pam({ contractType: 'ANN', businessDayConvention: 'SCF', nominalInterestRate: r }),
      initialExchangeDate: '2022-03-31T00:00:00',
      maturityDate: '2022-05-30T00:00:00',
      cycleAnchorDateOfInterestPayment: undefined,
      cycleAnchorDateOfPrincipalRedemption: '2022-04-30T00:00:00',
      cycleOfPrincipalRedemption: 'P1ML1',
    });
    // nextPrincipalRedemptionPayment: A = N g1 g2 / (1 + g2) with g1 = 1 + r Y(IED, t1), g2 = 1 + r Y(t1, t2),
    // t1 = 2022-04-30, t2 = 2022-05-30 unadjusted (shifted: Mon 2022-05-02, 2022-05-30) (the fixing the day before PRANX adds its accrued interest
    // N r 29/365 to N (1 + r 1/365): the same N g1).
    const g1 = 1 + (r * 30) / 365;
    const g2 = 1 + (r * 30) / 365;
    const annuity = (1000 * g1 * g2) / (1 + g2);
    const shifted = (1000 * (1 + (r * 32) / 365) * (1 + (r * 28) / 365)) / (2 + (r * 28) / 365);
    expect(Math.abs(annuity - shifted)).toBeGreaterThan(1e-3);
    expect(one(events, 'PRF').nextPrincipalRedemptionPayment).toBeCloseTo(annuity, 9);
  });
});

describe('4. LAM without nextPrincipalRedemptionPayment and statusDate after IED', () => {
  it('divides the outstanding notional by the remaining redemption dates: 1200 / 7, no balloon', () => {
    const events = run({
      ...pam({ contractType: 'LAM', calendar: 'NC', nominalInterestRate: 0 }),
      statusDate: '2020-06-15T00:00:00',
      contractDealDate: '2019-12-01T00:00:00',
      initialExchangeDate: '2020-01-01T00:00:00',
      maturityDate: '2021-01-01T00:00:00',
      notionalPrincipal: 1200,
      cycleAnchorDateOfInterestPayment: undefined,
      cycleAnchorDateOfPrincipalRedemption: '2020-02-01T00:00:00',
      cycleOfPrincipalRedemption: 'P1ML1',
    });
    // S(2020-02-01, P1M, 2021-01-01) has 12 dates; after SD 2020-06-15: 07-01 ... 12-01 and 2021-01-01 = 7.
    const prs = only(events, 'PR');
    expect(prs).toHaveLength(6);
    for (const pr of prs) expect(pr.payoff).toBeCloseTo(1200 / 7, 9);
    expect(one(events, 'MD').payoff).toBeCloseTo(1200 / 7, 9);
  });
});

describe('5. rate resets read the market at the schedule date, not the shifted calculation date', () => {
  it('RR scheduled Sunday 2022-07-03, paid Monday under SCF, fixes the rate in force on the Sunday', () => {
    const events = run(
      pam({
        businessDayConvention: 'SCF',
        initialExchangeDate: '2022-01-03T00:00:00',
        maturityDate: '2023-01-03T00:00:00',
        cycleAnchorDateOfInterestPayment: '2023-01-03T00:00:00',
        cycleAnchorDateOfRateReset: '2022-07-03T00:00:00',
        cycleOfRateReset: 'P1YL1',
        marketObjectCodeOfRateReset: 'RATE',
      }),
      {
        observations: {
          RATE: [
            { timestamp: '2022-01-01T00:00:00', value: 0.02 },
            { timestamp: '2022-07-04T00:00:00', value: 0.05 },
          ],
        },
      },
    );
    const reset = one(events, 'RR');
    expect(reset.eventDate).toBe('2022-07-04T00:00');
    expect(reset.nominalInterestRate).toBe(0.02);
    // Interest: 0.0365 from Mon 2022-01-03 to the calc date Mon 2022-07-04 (182 days), then 0.02 to 2023-01-03 (183).
    expect(one(events, 'IP').payoff).toBeCloseTo((1000 * 0.0365 * 182) / 365 + (1000 * 0.02 * 183) / 365, 9);
  });
});

describe('6. FUTUR: MD carries the exercise date for any non-zero settlement amount', () => {
  const future = (price: number): ContractEvent[] =>
    run(
      {
        contractType: 'FUTUR',
        contractID: 'f',
        contractRole: 'BUY',
        currency: 'USD',
        statusDate: '2024-01-01T00:00:00',
        contractDealDate: '2024-01-01T00:00:00',
        purchaseDate: '2024-01-02T00:00:00',
        priceAtPurchaseDate: 0,
        maturityDate: '2024-06-28T00:00:00',
        futuresPrice: 100,
        contractStructure: [{ object: { marketObjectCode: 'IDX' }, referenceType: 'MOC', referenceRole: 'UDL' }],
      },
      { observations: { IDX: [{ timestamp: '2024-06-28T00:00:00', value: price }] } },
    );

  it('price 90 below the futures price 100: exercise amount -10, MD stamped like for +10', () => {
    for (const [price, amount] of [
      [110, 10],
      [90, -10],
    ] as const) {
      const events = future(price);
      expect(one(events, 'XD').exerciseAmount).toBe(amount);
      expect(one(events, 'STD').payoff).toBe(amount);
      expect(one(events, 'MD').exerciseDate, String(price)).toBe('2024-06-28T00:00');
    }
    expect(one(future(100), 'MD').exerciseDate).toBeUndefined();
  });
});

describe('7. purchase and termination on a non-business day accrue to the real (stated) date', () => {
  it('PRD on Sunday 2022-07-03 under SCF: PAM, ANN, LAM, NAM all accrue 181 days from Mon 2022-01-03', () => {
    const loan = (type: string): Record<string, unknown> => ({
      ...pam({ contractType: type, businessDayConvention: 'SCF' }),
      initialExchangeDate: '2022-01-03T00:00:00',
      maturityDate: '2024-01-03T00:00:00',
      cycleAnchorDateOfInterestPayment: '2023-01-03T00:00:00',
      cycleOfInterestPayment: 'P1YL1',
      purchaseDate: '2022-07-03T00:00:00',
      priceAtPurchaseDate: 990,
      terminationDate: '2022-10-02T00:00:00',
      priceAtTerminationDate: 995,
      ...(type === 'PAM'
        ? {}
        : {
            cycleAnchorDateOfPrincipalRedemption: '2023-01-03T00:00:00',
            cycleOfPrincipalRedemption: 'P1YL1',
            nextPrincipalRedemptionPayment: 600,
          }),
    });
    for (const type of ['PAM', 'ANN', 'LAM', 'NAM']) {
      const events = run(loan(type));
      const prd = one(events, 'PRD');
      expect(prd.eventDate, type).toBe('2022-07-03T00:00');
      // Dirty price: 990 + 1000 x 0.0365 x 181/365 (2022-01-03 .. 2022-07-03), not 182/365 (to Monday).
      expect(prd.payoff, type).toBeCloseTo(-(990 + (1000 * 0.0365 * 181) / 365), 9);
      // TD Sunday 2022-10-02: 995 + accrued 272 days from 2022-01-03.
      const td = one(events, 'TD');
      expect(td.eventDate, type).toBe('2022-10-02T00:00');
      expect(td.payoff, type).toBeCloseTo(995 + (1000 * 0.0365 * 272) / 365, 9);
    }
  });
});
