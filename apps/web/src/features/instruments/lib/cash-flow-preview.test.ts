import { CONTRACT_TYPES, instrumentFormDefaults, type InstrumentFormInput } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { previewCashFlows, previewContractId } from './cash-flow-preview';

const now = new Date('2026-03-01T12:34:56Z');
const bond = (over: Partial<InstrumentFormInput> = {}): InstrumentFormInput => ({
  ...instrumentFormDefaults('2026-03-01'),
  contractType: 'PAM',
  name: 'Preview Bond',
  notionalAmount: 1_000_000,
  maturityDate: '2029-03-01',
  interestRate: 5,
  paymentFrequency: 'P6M',
  ...over,
});

describe('previewContractId', () => {
  it('is the contract type plus a UTC timestamp', () => {
    expect(previewContractId('PAM', now)).toBe('PAM-20260301T123456Z');
  });
});

describe('previewCashFlows', () => {
  it('does nothing while the form is invalid', () => {
    expect(previewCashFlows(bond({ name: '' }), now)).toEqual({ status: 'invalid' });
  });

  it('computes a fixed-rate bond schedule with the engine', () => {
    const preview = previewCashFlows(bond(), now);
    if (preview.status !== 'ok') throw new Error(JSON.stringify(preview));
    expect(preview.terms.contractID).toBe('PAM-20260301T123456Z');
    expect(preview.terms.nominalInterestRate).toBe(0.05);
    const types = preview.events.map((event) => event.eventType);
    // Bought at par on the issue date: the purchase replaces the initial exchange in the holder's view.
    expect(preview.events[0]).toMatchObject({ eventType: 'PRD', payoff: -1_000_000 });
    expect(types).toContain('MD');
    // Six semi-annual coupons of 5% / 2 on 1,000,000 (A/365 makes each close to 25,000).
    const coupons = preview.events.filter((event) => event.eventType === 'IP');
    expect(coupons).toHaveLength(6);
    for (const coupon of coupons) expect(coupon.payoff).toBeGreaterThan(24_000);
    const maturity = preview.events.find((event) => event.eventType === 'MD');
    expect(maturity?.payoff).toBe(1_000_000);
  });

  it('leaves a missing required term to the form (the field reports it, not the engine)', () => {
    expect(previewCashFlows(bond({ contractType: 'OPTNS', strikePrice: null }), now)).toEqual({ status: 'invalid' });
  });

  it('reports the engine problems, with the terms it refused, when the terms contradict each other', () => {
    const preview = previewCashFlows(
      bond({ contractType: 'OPTNS', strikePrice: 100, maturityDate: '2026-06-01', statusDate: '2026-07-01' }),
      now,
    );
    if (preview.status !== 'rejected') throw new Error(JSON.stringify(preview));
    expect(preview.terms.contractType).toBe('OPTNS');
    expect(preview.problems).toEqual([expect.objectContaining({ term: 'maturityDate', code: 'INVALID_VALUE' })]);
  });

  it('projects a floating-rate bond at the form rate instead of failing for missing fixings', () => {
    const preview = previewCashFlows(bond({ interestRateType: 'FLOATING' }), now);
    expect(preview.status).toBe('ok');
  });
});

describe('previewCashFlows for every contract type the wizard offers', () => {
  // Type-specific fields filled as a user would; stocks have no maturity.
  const typical = (contractType: InstrumentFormInput['contractType']) =>
    bond({
      contractType,
      maturityDate: contractType === 'STK' ? '' : '2029-03-01',
      swapRate: 4,
      strikePrice: 100,
      dividendRate: 3,
      guaranteeAmount: 500_000,
    });

  it.each(CONTRACT_TYPES)('%s: the engine accepts the built terms and schedules events', (contractType) => {
    const preview = previewCashFlows(typical(contractType), now);
    if (preview.status !== 'ok') throw new Error(`${contractType}: ${JSON.stringify(preview)}`);
    expect(preview.terms.contractType).toBe(contractType);
    expect(preview.events.length).toBeGreaterThan(1);
  });
});
