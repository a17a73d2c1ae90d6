import { describe, expect, it } from 'vitest';
import { parseTerms } from './parse.js';
import { registerCalendar, MONDAY_TO_FRIDAY } from '../time/calendar.js';

const pam = {
  contractType: 'PAM',
  contractID: 'loan-1',
  contractRole: 'RPA',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  initialExchangeDate: '2024-01-02T00:00:00',
  maturityDate: '2029-01-02T00:00:00',
  notionalPrincipal: ' 1000 ',
  nominalInterestRate: 0.05,
  dayCountConvention: 'A365',
  currency: 'USD',
};

describe('parseTerms', () => {
  it('trims and converts string values', () => {
    const r = parseTerms(pam);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.notionalPrincipal).toBe(1000);
  });

  it('gives terms of every contract, whatever their input order, the same keys in the same order', () => {
    // One shape for all parsed terms keeps the engine's term reads monomorphic (terms/shape.ts).
    const reversed = Object.fromEntries(Object.entries(pam).reverse());
    const shapes = [pam, reversed].map((raw) => {
      const r = parseTerms(raw);
      return r.ok ? Object.keys(r.value) : [];
    });
    expect(shapes[0]?.length).toBeGreaterThan(100);
    expect(shapes[1]).toEqual(shapes[0]);
    const parsed = parseTerms(reversed);
    expect(parsed.ok && parsed.value.optionType).toBeUndefined();
  });

  it('reports every problem at once', () => {
    const r = parseTerms({
      ...pam,
      notionalPrincipal: 'lots',
      colour: 'blue',
      dividendRate: 0.1,
      maturityDate: undefined,
      cycleOfOptionality: 'P1ML0',
      optionType: 'C',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const codes = r.error.map((p) => `${p.term}:${p.code}`).sort();
    expect(codes).toEqual([
      'colour:UNKNOWN_TERM',
      'dividendRate:UNKNOWN_TERM',
      'maturityDate:MISSING_TERM',
      'notionalPrincipal:INVALID_TYPE',
      'optionType:NOT_APPLICABLE',
    ]);
  });

  it('rejects enum values outside the dictionary', () => {
    const r = parseTerms({ ...pam, dayCountConvention: 'ACT/ACT' });
    expect(r.ok ? [] : r.error.map((p) => p.code)).toEqual(['INVALID_TYPE']);
  });

  it('requires the rate-reset market object only when rates reset', () => {
    const r = parseTerms({ ...pam, cycleOfRateReset: 'P1YL1', cycleAnchorDateOfRateReset: '2025-01-02T00:00:00' });
    expect(r.ok ? [] : r.error.map((p) => p.term)).toContain('marketObjectCodeOfRateReset');
  });

  it('accepts a registered holiday calendar by name', () => {
    expect(parseTerms({ ...pam, calendar: 'TARGET2' }).ok).toBe(false);
    registerCalendar('TARGET2', MONDAY_TO_FRIDAY);
    expect(parseTerms({ ...pam, calendar: 'TARGET2' }).ok).toBe(true);
  });
});

describe('parseTerms: terms the engine does not model', () => {
  it('reports unmodelled terms (grace period, credit line) as UNSUPPORTED with the reason, all at once', () => {
    const result = parseTerms({ ...pam, gracePeriod: 'P1M', creditLineAmount: '500' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.map((p) => [p.term, p.code])).toEqual([
      ['gracePeriod', 'UNSUPPORTED'],
      ['creditLineAmount', 'UNSUPPORTED'],
    ]);
    expect(result.error[0]?.message).toContain('observed credit events');
  });

  it('reports interest paid at the beginning of the period (IPPNT B) but accepts the default E', () => {
    const b = parseTerms({ ...pam, cyclePointOfInterestPayment: 'B' });
    expect(b.ok ? [] : b.error.map((p) => p.code)).toEqual(['UNSUPPORTED']);
    expect(parseTerms({ ...pam, cyclePointOfInterestPayment: 'E' }).ok).toBe(true);
  });

  it('accepts descriptive terms that change no cash flow (seniority, counterpartyID)', () => {
    expect(parseTerms({ ...pam, seniority: 'S', counterpartyID: 'bank-7' }).ok).toBe(true);
  });
});
