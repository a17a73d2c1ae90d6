import { describe, expect, it } from 'vitest';
import {
  currencyDecimals,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatTime,
  timeZoneLabel,
  formatDuration,
  formatMinorUnits,
  formatNumber,
  formatPercent,
} from './format';

describe('times in the user’s zone, zone named', () => {
  it('shows a UTC instant in the asked zone with its name', () => {
    expect(formatDateTime('2031-03-01T14:05:00Z', 'UTC')).toBe('Mar 1, 2031, 14:05 UTC');
    expect(formatDateTime('2031-03-01T14:05:00Z', 'America/New_York')).toBe('Mar 1, 2031, 09:05 EST');
    expect(formatTime('2031-07-01T14:05:00Z', 'Europe/Berlin')).toBe('16:05 GMT+2');
    expect(timeZoneLabel(new Date('2031-01-01T00:00:00Z'), 'UTC')).toBe('UTC');
  });
});

describe('format', () => {
  it('formats currency en-US, USD by default', () => {
    expect(formatCurrency(1234567.891)).toBe('$1,234,567.89');
    expect(formatCurrency('1000000.5', 'EUR')).toBe('€1,000,000.50');
    expect(formatCurrency(0)).toBe('$0.00');
  });

  it("uses each currency's own decimals: JPY none, BHD three", () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('BHD')).toBe(3);
    expect(formatCurrency('1500', 'JPY')).toBe('¥1,500');
    expect(formatCurrency('1500.50', 'JPY')).toBe('¥1,501');
    expect(formatCurrency('12.5', 'GBP')).toBe('£12.50');
    expect(formatCurrency('-0.5', 'CHF')).toBe('-CHF\u00a00.50');
  });

  it('formats minor units with the currency scale', () => {
    expect(formatMinorUnits(123450n, 'USD')).toBe('$1,234.50');
    expect(formatMinorUnits(5n, 'USD')).toBe('$0.05');
    expect(formatMinorUnits(-5n, 'EUR')).toBe('-€0.05');
    expect(formatMinorUnits(1500n, 'JPY')).toBe('¥1,500');
    expect(formatMinorUnits(9007199254740993n, 'USD')).toBe('$90,071,992,547,409.93');
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
