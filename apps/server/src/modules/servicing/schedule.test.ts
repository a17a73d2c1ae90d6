import type { ContractEvent } from '@meridian/actus';
import { describe, expect, it } from 'vitest';
import { allocate, scheduledPayments } from './schedule';

const holdings = new Map([
  ['a', 1n],
  ['b', 1n],
  ['c', 1n],
]);

describe('allocate', () => {
  it('floors USD shares to the cent; the residual stays with the issuer', () => {
    const shares = allocate(10_000n, 3n, holdings, 'USD');
    expect([...shares.values()]).toEqual([3_333n, 3_333n, 3_333n]);
  });

  it('floors JPY shares to the whole yen (ledger hundredths in steps of 100)', () => {
    // 100.00 JPY over three holders: 33 yen each, 1 yen residual (not 33.33).
    const shares = allocate(10_000n, 3n, holdings, 'JPY');
    expect([...shares.values()]).toEqual([3_300n, 3_300n, 3_300n]);
  });

  it('leaves out holders whose share rounds to nothing', () => {
    const shares = allocate(200n, 3n, holdings, 'JPY');
    expect(shares.size).toBe(0);
  });
});

describe('scheduledPayments', () => {
  const event = (payoff: number): ContractEvent =>
    ({ eventType: 'IP', eventDate: '2030-01-01T00:00:00', payoff }) as ContractEvent;
  const listed = new Date('2026-01-01T00:00:00Z');

  it('rounds the payoff to the cent for USD and to the yen for JPY', () => {
    expect(scheduledPayments([event(0.125)], 1, listed, 'USD')[0]?.amount).toBe(13n);
    expect(scheduledPayments([event(1234.5)], 1, listed, 'JPY')[0]?.amount).toBe(123_500n);
    expect(scheduledPayments([event(1234.49)], 1, listed, 'JPY')[0]?.amount).toBe(123_400n);
  });

  it('signs the payment from the holders side', () => {
    expect(scheduledPayments([event(-10)], -1, listed, 'JPY')[0]?.amount).toBe(1_000n);
    expect(scheduledPayments([event(10)], -1, listed, 'EUR')[0]?.amount).toBe(-1_000n);
  });
});
