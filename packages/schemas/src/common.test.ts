import { describe, expect, it } from 'vitest';
import { formatMoneyText, fromMinorUnits, toMinorUnits } from './common';

describe('toMinorUnits', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.05', 1205n],
    ['1000000.99', 100000099n],
  ])('parses %s', (text, expected) => {
    expect(toMinorUnits(text)).toBe(expected);
  });

  it('accepts numbers with at most two decimals', () => {
    expect(toMinorUnits(10.25)).toBe(1025n);
    expect(toMinorUnits(0.1)).toBe(10n);
    expect(toMinorUnits(1.005)).toBeNull();
  });

  it.each(['-1', '1.234', 'abc', '', '1e5'])('rejects %s', (text) => {
    expect(toMinorUnits(text)).toBeNull();
  });
});

describe('fromMinorUnits', () => {
  it('formats with two decimals and sign', () => {
    expect(fromMinorUnits(0n)).toBe('0.00');
    expect(fromMinorUnits(5n)).toBe('0.05');
    expect(fromMinorUnits(123456n)).toBe('1234.56');
    expect(fromMinorUnits(-250n)).toBe('-2.50');
  });
});

describe('formatMoneyText', () => {
  it('writes hundredths as en-US money with two decimals in every currency', () => {
    expect(formatMoneyText(1_000_000_000n, 'USD')).toBe('$10,000,000.00');
    expect(formatMoneyText(89n, 'CNY')).toBe('CN¥0.89');
    expect(formatMoneyText(-150n, 'EUR')).toBe('-€1.50');
    expect(formatMoneyText(123_456_789_012_345_678n, 'USD')).toBe('$1,234,567,890,123,456.78');
  });
});
