import { describe, expect, it } from 'vitest';
import { generateEvents, parseTerms } from '../index.js';

// PAM 1000 at 6% 30E360, coupons every 6 months from 2024-07-02, lender (RPA).
const pam = {
  contractType: 'PAM',
  contractID: 'pp-1',
  contractRole: 'RPA',
  currency: 'USD',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  initialExchangeDate: '2024-01-02T00:00:00',
  maturityDate: '2026-01-02T00:00:00',
  notionalPrincipal: '1000',
  nominalInterestRate: '0.06',
  dayCountConvention: '30E360',
  cycleAnchorDateOfInterestPayment: '2024-07-02T00:00:00',
  cycleOfInterestPayment: 'P6ML0',
  prepaymentEffect: 'M',
};
const prepaid400 = [{ time: '2024-04-02T00:00:00', type: 'PP', value: 400, contractId: 'pp-1' }];

function run(raw: Record<string, unknown>, options: Parameters<typeof generateEvents>[1] = {}) {
  const terms = parseTerms(raw);
  if (!terms.ok) throw new Error(JSON.stringify(terms.error));
  const result = generateEvents(terms.value, options);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value.map((e) => ({
    date: e.eventDate.slice(0, 10),
    type: e.eventType,
    payoff: e.payoff,
    nt: e.notionalPrincipal,
    prnxt: e.nextPrincipalRedemptionPayment,
  }));
}

describe('prepayment (PP) and penalty (PY)', () => {
  it('observed PP 400 on 2024-04-02: notional 600; next IP = 90/360 x 6% x 1000 + 90/360 x 6% x 600 = 15 + 9 = 24', () => {
    const out = run(pam, { observedEvents: prepaid400 });
    expect(out.map((e) => e.type)).toEqual(['IED', 'PP', 'IP', 'IP', 'IP', 'IP', 'MD']);
    const pp = out[1];
    expect(pp).toMatchObject({ date: '2024-04-02', payoff: 400, nt: 600 });
    expect(out[2]?.payoff).toBeCloseTo(24, 9);
    expect(out[3]?.payoff).toBeCloseTo(18, 9); // 600 x 3%
    expect(out[6]?.payoff).toBe(600);
  });

  it('no prepayment right (prepaymentEffect N): observed PP events are ignored', () => {
    expect(run({ ...pam, prepaymentEffect: 'N' }, { observedEvents: prepaid400 }).some((e) => e.type === 'PP')).toBe(
      false,
    );
  });

  it('penalty A: fixed 10 before the PP', () => {
    const out = run({ ...pam, penaltyType: 'A', penaltyRate: '10' }, { observedEvents: prepaid400 });
    expect(out.slice(1, 3).map((e) => [e.type, e.payoff])).toEqual([
      ['PY', 10],
      ['PP', 400],
    ]);
  });

  it('penalty R: 90/360 x 2% x 1000 = 5 (on the notional before prepayment)', () => {
    const out = run({ ...pam, penaltyType: 'R', penaltyRate: '0.02' }, { observedEvents: prepaid400 });
    expect(out[1]?.type).toBe('PY');
    expect(out[1]?.payoff).toBeCloseTo(5, 9);
  });

  it('penalty I: 90/360 x 1000 x max(0, 6% - 4% market) = 5; zero when the market rate is higher', () => {
    const raw = { ...pam, penaltyType: 'I', marketObjectCodeOfRateReset: 'LIBOR' };
    const low = run(raw, {
      observedEvents: prepaid400,
      observations: { LIBOR: [{ timestamp: '2024-01-01T00:00:00', value: 0.04 }] },
    });
    expect(low[1]?.payoff).toBeCloseTo(5, 9);
    const high = run(raw, {
      observedEvents: prepaid400,
      observations: { LIBOR: [{ timestamp: '2024-01-01T00:00:00', value: 0.08 }] },
    });
    expect(high[1]?.payoff).toBe(0);
  });

  it('penalty type N (no penalty) schedules no PY', () => {
    expect(
      run({ ...pam, penaltyType: 'N', penaltyRate: '10' }, { observedEvents: prepaid400 }).some((e) => e.type === 'PY'),
    ).toBe(false);
  });

  it('optionality cycle: PP dates 2024-10-02 and 2025-10-02 (P1YL1 up to MD), amount 0 unless observed', () => {
    const out = run(
      { ...pam, cycleAnchorDateOfOptionality: '2024-10-02T00:00:00', cycleOfOptionality: 'P1YL1' },
      {
        observedEvents: [{ time: '2025-10-02T00:00:00', type: 'PP', value: 1500, contractId: 'pp-1' }],
      },
    );
    const pps = out.filter((e) => e.type === 'PP');
    expect(pps.map((e) => [e.date, e.payoff, e.nt])).toEqual([
      ['2024-10-02', 0, 1000],
      ['2025-10-02', 1000, 0],
    ]); // capped at the outstanding 1000
  });

  it('optionExerciseEndDate ends the optionality schedule', () => {
    const out = run({
      ...pam,
      cycleAnchorDateOfOptionality: '2024-10-02T00:00:00',
      cycleOfOptionality: 'P1YL1',
      optionExerciseEndDate: '2025-01-01T00:00:00',
    });
    expect(out.filter((e) => e.type === 'PP').map((e) => e.date)).toEqual(['2024-10-02']);
  });
});

// Interest-free amortizers: 1200 repaid monthly from 2024-02-01 to 2025-01-01 (12 x 100).
const amortizer = {
  contractID: 'pp-2',
  contractRole: 'RPA',
  currency: 'USD',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  initialExchangeDate: '2024-01-01T00:00:00',
  maturityDate: '2025-01-01T00:00:00',
  notionalPrincipal: '1200',
  nominalInterestRate: '0',
  dayCountConvention: '30E360',
  cycleAnchorDateOfPrincipalRedemption: '2024-02-01T00:00:00',
  cycleOfPrincipalRedemption: 'P1ML0',
};
const prepaid300 = [{ time: '2024-04-15T00:00:00', type: 'PP', value: 300, contractId: 'pp-2' }];

describe('prepayment effect on amortizers', () => {
  for (const type of ['ANN', 'LAM']) {
    it(`${type} effect A: after 3 x 100 and PP 300, 600 left over 9 dates -> instalment 600/9 = 66.667`, () => {
      const out = run({ ...amortizer, contractType: type, prepaymentEffect: 'A' }, { observedEvents: prepaid300 });
      const pp = out.find((e) => e.type === 'PP');
      expect(pp?.nt).toBe(600);
      expect(pp?.prnxt).toBeCloseTo(600 / 9, 9);
      const prs = out.filter((e) => e.type === 'PR' || e.type === 'MD');
      expect(prs.at(-1)?.nt).toBeCloseTo(0, 9);
      expect(prs.filter((e) => e.date > '2024-04-15').every((e) => Math.abs(e.payoff - 600 / 9) < 1e-9)).toBe(true);
    });

    it(`${type} effect M: instalment stays 100, the notional is repaid by 2024-10-01 (6 x 100)`, () => {
      const out = run({ ...amortizer, contractType: type, prepaymentEffect: 'M' }, { observedEvents: prepaid300 });
      const zero = out.find((e) => e.type === 'PR' && Math.abs(e.nt) < 1e-9);
      expect(zero?.date).toBe('2024-10-01');
      expect(out.filter((e) => e.date > '2024-10-01').every((e) => e.payoff === 0)).toBe(true);
    });
  }
});

describe('prepayment of LAX', () => {
  const lax = {
    ...amortizer,
    contractType: 'LAX',
    cycleAnchorDateOfPrincipalRedemption: undefined,
    cycleOfPrincipalRedemption: undefined,
    arrayCycleAnchorDateOfPrincipalRedemption: ['2024-02-01T00:00:00'],
    arrayCycleOfPrincipalRedemption: ['P1ML0'],
    arrayNextPrincipalRedemptionPayment: ['100'],
    arrayIncreaseDecrease: ['DEC'],
  };

  it('effect M: PP 300 after 3 x 100 leaves 600, repaid by six more redemptions of 100 (2024-10-01)', () => {
    const out = run({ ...lax, prepaymentEffect: 'M' }, { observedEvents: prepaid300 });
    expect(out.find((e) => e.type === 'PP')).toMatchObject({ payoff: 300, nt: 600 });
    expect(out.find((e) => e.type === 'PR' && Math.abs(e.nt) < 1e-9)?.date).toBe('2024-10-01');
  });

  it('effect A is reported, not ignored', () => {
    const terms = parseTerms({ ...lax, prepaymentEffect: 'A' });
    if (!terms.ok) throw new Error(JSON.stringify(terms.error));
    const result = generateEvents(terms.value, { observedEvents: prepaid300 });
    expect(result.ok ? [] : result.error.map((p) => [p.term, p.code])).toEqual([['prepaymentEffect', 'UNSUPPORTED']]);
  });
});
