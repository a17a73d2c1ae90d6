import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isinCheckDigit,
  isValidIsin,
  isValidLei,
  isValidUti,
  leiCheckDigits,
  platformIsin,
  platformLei,
  tradeUti,
} from './identifiers';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const alnum = (n: number) => fc.array(fc.constantFrom(...ALNUM), { minLength: n, maxLength: n }).map((a) => a.join(''));

describe('LEI (ISO 17442, MOD 97-10)', () => {
  it('accepts published LEIs and rejects them with a changed character', () => {
    // GLEIF's own LEI and ISO 17442's worked example.
    for (const lei of ['506700GE1G29325QX363', '529900T8BM49AURSDO55']) {
      expect(isValidLei(lei)).toBe(true);
      expect(leiCheckDigits(lei.slice(0, 18))).toBe(lei.slice(18));
      expect(isValidLei(`${lei.slice(0, 5)}${lei[5] === '0' ? '1' : '0'}${lei.slice(6)}`)).toBe(false);
    }
  });

  // ISO 7064 MOD 97-10 detects every substitution of a digit by a digit or a letter by a letter
  // (the value changes by d·10^k with 0 < |d| < 97). A letter for a digit changes the length of
  // the digit string, which the check does not always catch, so the property stays within a class.
  it('every generated LEI validates; every same-class single-character change is detected', () => {
    fc.assert(
      fc.property(alnum(12), fc.nat(19), fc.constantFrom(...ALNUM), (entity, pos, ch) => {
        const lei = platformLei(entity);
        expect(lei).toHaveLength(20);
        expect(lei.startsWith('MRDN00')).toBe(true);
        expect(isValidLei(lei)).toBe(true);
        const changed = `${lei.slice(0, pos)}${ch}${lei.slice(pos + 1)}`;
        const sameClass = /\d/.test(ch) === /\d/.test(lei[pos]!);
        if (changed !== lei && sameClass && /^[0-9A-Z]{18}[0-9]{2}$/.test(changed)) {
          expect(isValidLei(changed)).toBe(false);
        }
      }),
    );
  });
});

describe('ISIN (ISO 6166, Luhn)', () => {
  it('matches published ISINs', () => {
    for (const isin of ['US0378331005', 'US5949181045', 'GB0002634946', 'DE000BAY0017', 'AU0000XVGZA3']) {
      expect(isinCheckDigit(isin.slice(0, 11))).toBe(isin[11]);
      expect(isValidIsin(isin)).toBe(true);
    }
    expect(isValidIsin('US0378331006')).toBe(false);
  });

  it('platform ISINs carry the private QZMRD prefix and a valid check digit', () => {
    expect(platformIsin(1)).toMatch(/^QZMRD000001\d$/);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 36 ** 6 - 1 }), (n) => {
        const isin = platformIsin(n);
        expect(isValidIsin(isin)).toBe(true);
        expect(isin.slice(5, 11)).toBe(n.toString(36).toUpperCase().padStart(6, '0'));
      }),
    );
    expect(() => platformIsin(0)).toThrow(RangeError);
  });
});

describe('UTI (ISO 23897)', () => {
  it('is the generator LEI plus the 32 hex digits of the trade id', () => {
    const lei = platformLei('ABCDEF123456');
    const uti = tradeUti(lei, '0b9f4c1e-2d3a-4b5c-8d7e-6f5a4b3c2d1e');
    expect(uti).toBe(`${lei}0B9F4C1E2D3A4B5C8D7E6F5A4B3C2D1E`);
    expect(uti).toHaveLength(52);
    expect(isValidUti(uti)).toBe(true);
    expect(isValidUti(`X${uti.slice(1)}`)).toBe(false);
  });
});
