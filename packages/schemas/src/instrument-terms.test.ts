import { describe, expect, it } from 'vitest';
import { buildActusObservations } from './instrument-observations';
import { annuityPayment, buildActusTerms } from './instrument-terms';
import { instrumentFormSchema } from './instruments';

const form = (patch: Record<string, unknown> = {}) =>
  instrumentFormSchema.parse({
    contractType: 'PAM',
    name: 'Test Bond',
    notionalAmount: 1_000_000,
    issueDate: '2025-01-15',
    maturityDate: '2030-01-15',
    interestRate: 4.5,
    ...patch,
  });

describe('buildActusTerms', () => {
  it('produces the SPEC §3 generated fields for a PAM bond', () => {
    const terms = buildActusTerms(form(), { contractId: 'PAM-20250115T000000Z' });
    expect(terms).toMatchObject({
      contractType: 'PAM',
      contractID: 'PAM-20250115T000000Z',
      statusDate: '2025-01-14T00:00:00',
      contractRole: 'RPA',
      currency: 'USD',
      calendar: 'NC',
      notionalPrincipal: 1_000_000,
      nominalInterestRate: 0.045,
      dayCountConvention: 'A365',
      cycleAnchorDateOfInterestPayment: '2025-01-15T00:00:00',
      cycleOfInterestPayment: 'P6ML1',
      maturityDate: '2030-01-15T00:00:00',
      purchaseDate: '2025-01-15T00:00:00',
      priceAtPurchaseDate: 1_000_000,
      initialExchangeDate: '2025-01-15T00:00:00',
    });
  });

  it.each([
    ['A/365', 'A365'],
    ['A/360', 'A360'],
    ['30E/360', '30E360'],
    ['A/A', 'AA'],
    ['30/360', '30E360ISDA'],
  ])('maps day count %s to ACTUS %s', (label, code) => {
    expect(buildActusTerms(form({ dayCountConvention: label }), { contractId: 'x' }).dayCountConvention).toBe(code);
  });

  it('uses the form status date, then the option, then the day before issue', () => {
    expect(
      buildActusTerms(form({ statusDate: '2025-01-10' }), { contractId: 'x', statusDate: '2025-01-01' }).statusDate,
    ).toBe('2025-01-10T00:00:00');
    expect(buildActusTerms(form(), { contractId: 'x', statusDate: '2025-01-01' }).statusDate).toBe(
      '2025-01-01T00:00:00',
    );
  });

  it('leaves maturity out when not given so the engine can report it', () => {
    expect(buildActusTerms(form({ contractType: 'STK', maturityDate: '' }), { contractId: 'x' })).not.toHaveProperty(
      'maturityDate',
    );
  });

  it('gives annuities a redemption cycle and the level payment', () => {
    const terms = buildActusTerms(form({ contractType: 'ANN', paymentFrequency: 'P1Y', maturityDate: '2030-01-15' }), {
      contractId: 'x',
    });
    expect(terms).toMatchObject({
      cycleAnchorDateOfPrincipalRedemption: '2026-01-15T00:00:00',
      cycleOfPrincipalRedemption: 'P1YL1',
      nextPrincipalRedemptionPayment: 227_791.64,
    });
  });

  it('redeems linear amortizers in equal parts', () => {
    const terms = buildActusTerms(form({ contractType: 'LAM', paymentFrequency: 'P1Y' }), { contractId: 'x' });
    expect(terms.nextPrincipalRedemptionPayment).toBe(200_000);
  });

  it('maps roles to each type vocabulary', () => {
    const role = (contractType: string, contractRole: string) =>
      buildActusTerms(form({ contractType, contractRole, swapRate: 3, strikePrice: 10 }), { contractId: 'x' })
        .contractRole;
    expect([
      role('PAM', 'RPL'),
      role('OPTNS', 'RPA'),
      role('FUTUR', 'RPL'),
      role('SWAPS', 'RPA'),
      role('SWPPV', 'RPL'),
    ]).toEqual(['RPL', 'BUY', 'SEL', 'RFL', 'PF']);
  });

  it('structures options on an underlying with strike and type', () => {
    const terms = buildActusTerms(
      form({ contractType: 'OPTNS', strikePrice: 120, optionType: 'PUT', notionalAmount: 5000 }),
      {
        contractId: 'OPT-1',
      },
    );
    expect(terms).toMatchObject({
      contractStructure: [{ object: { marketObjectCode: 'OPT-1.UDL' }, referenceType: 'MOC', referenceRole: 'UDL' }],
      optionType: 'P',
      optionStrike1: 120,
      optionExerciseType: 'E',
      priceAtPurchaseDate: 1,
    });
  });

  it('gives plain vanilla swaps a fixed swap rate and a floating leg', () => {
    const terms = buildActusTerms(form({ contractType: 'SWPPV', swapRate: 3.2, interestRate: 2.9 }), {
      contractId: 'S',
    });
    expect(terms).toMatchObject({
      nominalInterestRate: 0.032,
      nominalInterestRate2: 0.029,
      marketObjectCodeOfRateReset: 'USD.RFR',
    });
  });
});

describe('annuityPayment', () => {
  it('matches the textbook level payment (100,000 at 6% over 30 years monthly = 599.55)', () => {
    expect(annuityPayment(100_000, 0.06, 12, 360)).toBeCloseTo(599.55, 2);
  });
  it('splits evenly at a zero or negligible rate', () => {
    expect(annuityPayment(1200, 0, 12, 12)).toBe(100);
    expect(annuityPayment(1200, 2.5e-322, 1, 12)).toBe(100);
  });
});

describe('buildActusObservations', () => {
  it('projects stock dividends per period from the dividend rate', () => {
    const obs = buildActusObservations(form({ contractType: 'STK', dividendRate: 4, paymentFrequency: 'P3M' }), {
      contractId: 'S',
    });
    expect(obs['S.DV']?.[0]).toEqual({ timestamp: '2025-04-15T00:00:00', value: 10_000 });
    expect(obs['S.DV']).toHaveLength(40);
  });
  it('keeps floating rates at the current fixing', () => {
    const obs = buildActusObservations(form({ interestRateType: 'FLOATING', interestRate: 3 }), { contractId: 'F' });
    expect(obs['USD.RFR']?.every((point) => point.value === 0.03)).toBe(true);
  });
  it('needs no market data for fixed bonds', () => {
    expect(buildActusObservations(form(), { contractId: 'P' })).toEqual({});
  });
});
