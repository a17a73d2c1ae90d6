import { describe, expect, it } from 'vitest';
import { parseTerms } from '../terms/parse.js';
import { generateEvents, type ContractEvent, type GenerateOptions } from '../engine/generate.js';

function run(raw: Record<string, unknown>, options: GenerateOptions = {}): ContractEvent[] {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const events = generateEvents(terms.value, options);
  if (!events.ok) throw new Error(JSON.stringify(events.error));
  return events.value;
}

const loan = {
  contractType: 'PAM',
  contractID: 'loan',
  contractRole: 'RPA',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  currency: 'USD',
  notionalPrincipal: '1000000',
  initialExchangeDate: '2024-01-02T00:00:00',
  maturityDate: '2025-01-02T00:00:00',
  nominalInterestRate: '0.0365',
  cycleAnchorDateOfInterestPayment: '2024-02-02T00:00:00',
  cycleOfInterestPayment: 'P1ML0',
  dayCountConvention: 'A365',
};
const guarantee = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  contractType: 'CEG',
  contractID: 'g',
  contractRole: 'BUY',
  currency: 'USD',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  purchaseDate: '2024-01-02T00:00:00',
  priceAtPurchaseDate: '100',
  creditEventTypeCovered: 'DF',
  settlementPeriod: 'P0D',
  guaranteedExposure: 'NI',
  coverageOfCreditEnhancement: '0.5',
  contractStructure: [{ object: loan, referenceType: 'CNT', referenceRole: 'COVE' }],
  ...over,
});
const defaultOn = (time: string, contractId = 'loan'): GenerateOptions => ({
  observedEvents: [{ time, type: 'CE', value: 0, contractId, states: { contractPerformance: 'DF' } }],
});

describe('CEG', () => {
  it('pays half of principal plus interest accrued since the last coupon on a covered default', () => {
    const events = run(guarantee(), defaultOn('2024-03-12T00:00:00'));
    const accrued = (1_000_000 * 0.0365 * 10) / 365; // 2024-03-02 .. 03-12
    expect(events.map((e) => e.eventType)).toEqual(['PRD', 'XD', 'STD']);
    expect(events[2]?.payoff).toBeCloseTo(0.5 * (1_000_000 + accrued), 8);
  });

  it('charges a fee on the cover (basis N) and ignores defaults of contracts it does not cover', () => {
    const fees = {
      cycleAnchorDateOfFee: '2024-04-02T00:00:00',
      cycleOfFee: 'P3ML0',
      feeBasis: 'N',
      feeRate: '0.01',
      dayCountConvention: 'A365',
      guaranteedExposure: 'NO',
    };
    const events = run(guarantee(fees), defaultOn('2024-03-12T00:00:00', 'other'));
    const fp = events.filter((e) => e.eventType === 'FP');
    expect(fp.length).toBeGreaterThan(0);
    // First fee: 0.01 on the 500,000 cover from purchase (01-02) to 04-02: 91 days.
    expect(fp[0]?.payoff).toBeCloseTo((500_000 * 0.01 * 91) / 365, 8);
    expect(events.at(-1)).toMatchObject({ eventType: 'MD', notionalPrincipal: 0 });
  });
});

describe('CEG exposure bases', () => {
  it('covers the market value of the covered contracts under MV', () => {
    const listed = { ...loan, marketObjectCode: 'BOND' };
    const events = run(
      guarantee({
        guaranteedExposure: 'MV',
        contractStructure: [{ object: listed, referenceType: 'CNT', referenceRole: 'COVE' }],
      }),
      {
        ...defaultOn('2024-03-12T00:00:00'),
        observations: { BOND: [{ timestamp: '2024-01-01T00:00:00', value: 900_000 }] },
      },
    );
    expect(events.find((e) => e.eventType === 'STD')?.payoff).toBe(450_000);
  });

  it('reports a term problem when neither a notional nor covered terms give the exposure', () => {
    const terms = parseTerms(
      guarantee({
        maturityDate: '2025-01-01T00:00:00',
        contractStructure: [{ object: { contractIdentifier: 'x' }, referenceType: 'CID', referenceRole: 'COVE' }],
      }),
    );
    if (!terms.ok) throw new Error(JSON.stringify(terms.error));
    const result = generateEvents(terms.value);
    expect(result.ok ? [] : result.error.map((p) => p.code)).toEqual(['MISSING_TERM']);
  });
});

describe('CEC', () => {
  it('realises at most what the collateral is worth', () => {
    const collateral = {
      contractType: 'CEC',
      contractID: 'c',
      contractRole: 'BUY',
      currency: 'USD',
      statusDate: '2024-01-01T00:00:00',
      contractDealDate: '2024-01-01T00:00:00',
      creditEventTypeCovered: 'DF',
      settlementPeriod: 'P0D',
      guaranteedExposure: 'NO',
      contractStructure: [
        { object: loan, referenceType: 'CNT', referenceRole: 'COVE' },
        {
          object: {
            contractType: 'COM',
            contractID: 'gold',
            contractRole: 'RPA',
            statusDate: '2024-01-01T00:00:00',
            contractDealDate: '2024-01-01T00:00:00',
            currency: 'USD',
            marketObjectCode: 'GOLD',
            quantity: '10',
            unit: 'ONC',
          },
          referenceType: 'CNT',
          referenceRole: 'COVI',
        },
      ],
    };
    const events = run(collateral, {
      ...defaultOn('2024-03-12T00:00:00'),
      observations: { GOLD: [{ timestamp: '2024-03-01T00:00:00', value: 2000 }] },
    });
    expect(events.map((e) => [e.eventType, e.payoff])).toEqual([
      ['XD', 0],
      ['STD', 20_000],
    ]);
  });
});
