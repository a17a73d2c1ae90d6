import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossMultiply, crossRateText, divideRounded, parseDecimal } from './decimal';

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
