import { describe, expect, it } from 'vitest';
import {
  averageMaturityYears,
  countActive,
  formatYears,
  remainingLifeYears,
  totalsByCurrency,
} from './portfolio-summary';

const now = new Date('2026-01-01T00:00:00Z');
const row = (notionalAmount: string, maturityDate: string | null, currency = 'USD', status = 'active') => ({
  notionalAmount,
  maturityDate,
  currency,
  status,
});

describe('remainingLifeYears', () => {
  it('measures years of 365.25 days from now to maturity', () => {
    expect(remainingLifeYears('2028-01-01', now)).toBeCloseTo(730 / 365.25, 10);
  });
  it('is zero for a maturity in the past', () => {
    expect(remainingLifeYears('2025-06-01', now)).toBe(0);
  });
});

describe('averageMaturityYears', () => {
  it('is zero without instruments', () => {
    expect(averageMaturityYears([], now)).toBe(0);
  });
  it('weights remaining life by notional', () => {
    // 1,000 maturing in ~1 year and 3,000 in ~5 years: (1*1 + 3*5) / 4 = 4 years.
    const oneYear = remainingLifeYears('2027-01-01', now);
    const fiveYears = remainingLifeYears('2031-01-01', now);
    const expected = (1000 * oneYear + 3000 * fiveYears) / 4000;
    const result = averageMaturityYears([row('1000.00', '2027-01-01'), row('3000', '2031-01-01')], now);
    expect(result).toBeCloseTo(expected, 10);
    expect(result).toBeGreaterThan(3.9);
    expect(result).toBeLessThan(4.1);
  });
  it('leaves out instruments without a maturity', () => {
    const result = averageMaturityYears([row('1000000', null), row('100', '2028-01-01')], now);
    expect(result).toBeCloseTo(remainingLifeYears('2028-01-01', now), 10);
  });
  it('is zero when no instrument has a maturity', () => {
    expect(averageMaturityYears([row('5000', null)], now)).toBe(0);
  });
});

describe('formatYears', () => {
  it('labels zero as the spec does', () => expect(formatYears(0)).toBe('0 years'));
  it('rounds to one decimal', () => expect(formatYears(2.46)).toBe('2.5 years'));
  it('uses the singular for one year', () => expect(formatYears(1.01)).toBe('1.0 year'));
});

describe('totalsByCurrency', () => {
  it('sums exactly in hundredths and never mixes currencies', () => {
    const rows = [row('0.10', null), row('0.20', null), row('500.00', null, 'EUR'), row('1.05', null)];
    expect(totalsByCurrency(rows, (r) => r.notionalAmount)).toEqual([
      { currency: 'EUR', minor: 50000n },
      { currency: 'USD', minor: 135n },
    ]);
  });
});

describe('countActive', () => {
  it('counts only the active status', () => {
    expect(countActive([row('1', null), row('1', null, 'USD', 'matured')])).toBe(1);
  });
});
