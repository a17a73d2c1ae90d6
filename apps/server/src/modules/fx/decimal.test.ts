import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossMultiply, crossRateText, divideRounded, parseDecimal } from './decimal';
import { FxTable } from './service';

describe('FX decimal arithmetic', () => {
  it('parses published rates exactly', () => {
    expect(parseDecimal('133.73')).toEqual({ digits: 13373n, scale: 2 });
    expect(parseDecimal('1')).toEqual({ digits: 1n, scale: 0 });
    expect(() => parseDecimal('1e3')).toThrow();
  });

  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(7n, 3n)).toBe(2n);
    expect(divideRounded(-7n, 3n)).toBe(-2n);
  });

  it('crosses through the pivot in one division', () => {
    // 100.00 USD → JPY on 1999-01-04 (USD 1.1789, JPY 133.73 per EUR): 100 × 133.73 / 1.1789.
    const usd = parseDecimal('1.1789');
    const jpy = parseDecimal('133.73');
    const exact = (10_000 * 133.73) / 1.1789;
    expect(Number(crossMultiply(10_000n, usd, jpy))).toBe(Math.round(exact));
    expect(crossRateText(usd, jpy)).toBe((133.73 / 1.1789).toFixed(8));
  });

  it('round trip loses at most the rounding of each leg', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 5_000, max: 2_000_000 }),
        fc.integer({ min: 5_000, max: 2_000_000 }),
        (amount, a, b) => {
          const from = { digits: BigInt(a), scale: 4 };
          const to = { digits: BigInt(b), scale: 4 };
          const back = crossMultiply(crossMultiply(amount, from, to), to, from);
          const tolerance = BigInt(Math.ceil(a / b)) + 1n;
          const diff = back > amount ? back - amount : amount - back;
          expect(diff <= tolerance).toBe(true);
        },
      ),
    );
  });
});

describe('FxTable.convertToMinorUnit', () => {
  const table = new FxTable('2026-01-02', [
    { currency: 'USD', unitsPerEur: '1.1', rateDate: '2026-01-02' },
    { currency: 'JPY', unitsPerEur: '160.37', rateDate: '2026-01-02' },
  ]);

  it('rounds once to the whole yen, half away from zero', () => {
    // 10.01 USD = 10.01 / 1.1 x 160.37 = 1459.3670 JPY -> 1459 yen.
    expect(table.convertToMinorUnit(1_001n, 'USD', 'JPY')).toBe(145_900n);
    // 0.01 USD = 1.4579 JPY -> 1 yen; 0.003 USD is not an amount, 0.00 stays 0.
    expect(table.convertToMinorUnit(1n, 'USD', 'JPY')).toBe(100n);
    expect(table.convertToMinorUnit(0n, 'USD', 'JPY')).toBe(0n);
  });

  it('is convert for two-decimal currencies', () => {
    for (const amount of [1n, 99n, 12_345n, 1_000_000_07n])
      expect(table.convertToMinorUnit(amount, 'JPY', 'USD')).toBe(table.convert(amount, 'JPY', 'USD'));
  });
});
