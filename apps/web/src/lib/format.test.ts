import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDuration, formatNumber, formatPercent } from './format';

describe('format', () => {
  it('formats currency en-US with 2 decimals, USD by default', () => {
    expect(formatCurrency(1234567.891)).toBe('$1,234,567.89');
    expect(formatCurrency('1000000.5', 'EUR')).toBe('€1,000,000.50');
    expect(formatCurrency(0)).toBe('$0.00');
  });

  it('keeps decimal strings exact beyond double precision', () => {
    expect(formatCurrency('90071992547409.93')).toBe('$90,071,992,547,409.93');
  });

  it('formats numbers and percentages', () => {
    expect(formatNumber(1247)).toBe('1,247');
    expect(formatNumber(12.345, 1)).toBe('12.3');
    expect(formatPercent(2.4, { signed: true })).toBe('+2.40%');
    expect(formatPercent(-1.5, { digits: 1 })).toBe('-1.5%');
  });

  it('formats dates in UTC and durations', () => {
    expect(formatDate('2031-03-01')).toBe('Mar 1, 2031');
    expect(formatDuration(59)).toBe('59s');
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 5)).toBe('3d 4h');
  });
});
