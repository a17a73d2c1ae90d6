import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from './common';
import { CURRENCIES } from './instrument-constants';
import {
  addMoney,
  allocateMoney,
  currencyDecimals,
  currencyDecimalsMessage,
  fitsCurrency,
  formatLedgerMoney,
  formatMoney,
  isLedgerExact,
  money,
  moneyFromLedger,
  moneyToDecimal,
  moneyToLedger,
  parseMoney,
  roundLedgerToCurrency,
  subtractMoney,
} from './money';

const currency = fc.constantFrom(...CURRENCIES);
const minor = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });

describe('currency decimals', () => {
  it('follows ISO 4217: JPY none, the others two', () => {
    expect(currencyDecimals('JPY')).toBe(0);
    for (const code of CURRENCIES.filter((c) => c !== 'JPY')) expect(currencyDecimals(code)).toBe(2);
  });

  it('names the rule in the refusal message', () => {
    expect(currencyDecimalsMessage('JPY')).toBe('JPY amounts have no decimals');
    expect(currencyDecimalsMessage('EUR')).toBe('EUR amounts have at most 2 decimals');
  });
});

describe('parseMoney', () => {
  it.each([
    ['100', 'JPY', 100n],
    ['12.5', 'USD', 1250n],
    ['0.05', 'EUR', 5n],
    ['-3.10', 'GBP', -310n],
    [' 7 ', 'USD', 700n],
  ])('parses %s %s', (text, code, expected) => {
    expect(parseMoney(text, code)).toEqual(money(expected, code));
  });

  it.each([
    ['100.50', 'JPY'],
    ['100.0', 'JPY'],
    ['1.234', 'USD'],
    ['1e5', 'USD'],
    ['1,000', 'USD'],
    ['', 'USD'],
    ['.5', 'USD'],
  ])('refuses %s %s', (text, code) => {
    expect(parseMoney(text, code)).toBeNull();
  });

  it('round-trips through its decimal string for every currency', () => {
    fc.assert(
      fc.property(minor, currency, (value, code) => {
        expect(parseMoney(moneyToDecimal(money(value, code)), code)).toEqual(money(value, code));
      }),
    );
  });
});

describe('fitsCurrency', () => {
  it('refuses a JPY fraction and accepts two decimals elsewhere', () => {
    expect(fitsCurrency('100.50', 'JPY')).toBe(false);
    expect(fitsCurrency(100.5, 'JPY')).toBe(false);
    expect(fitsCurrency(100, 'JPY')).toBe(true);
    expect(fitsCurrency('100.50', 'USD')).toBe(true);
    expect(fitsCurrency(0.1, 'EUR')).toBe(true);
    expect(fitsCurrency(1e-7, 'EUR')).toBe(false);
  });
});

describe('moneyToDecimal', () => {
  it('writes exactly the currency decimals', () => {
    expect(moneyToDecimal(money(123450n, 'USD'))).toBe('1234.50');
    expect(moneyToDecimal(money(5n, 'EUR'))).toBe('0.05');
    expect(moneyToDecimal(money(-5n, 'EUR'))).toBe('-0.05');
    expect(moneyToDecimal(money(1234n, 'JPY'))).toBe('1234');
    expect(moneyToDecimal(money(0n, 'JPY'))).toBe('0');
  });

  it('agrees with the ledger formatting for two-decimal currencies (USD/EUR unchanged)', () => {
    fc.assert(
      fc.property(minor, fc.constantFrom('USD', 'EUR'), (value, code) => {
        expect(moneyToDecimal(money(value, code))).toBe(fromMinorUnits(value));
      }),
    );
  });
});

describe('ledger units', () => {
  it('scales yen by 100 and cents by 1', () => {
    expect(moneyToLedger(money(5n, 'JPY'))).toBe(500n);
    expect(moneyToLedger(money(5n, 'USD'))).toBe(5n);
  });

  it('round-trips exactly and keeps no residual', () => {
    fc.assert(
      fc.property(minor, currency, (value, code) => {
        const ledger = moneyToLedger(money(value, code));
        expect(isLedgerExact(ledger, code)).toBe(true);
        expect(moneyFromLedger(ledger, code)).toEqual({ money: money(value, code), residual: 0n });
      }),
    );
  });

  it('floors to the minor unit and conserves the residual', () => {
    expect(moneyFromLedger(12345n, 'JPY')).toEqual({ money: money(123n, 'JPY'), residual: 45n });
    expect(moneyFromLedger(-12345n, 'JPY')).toEqual({ money: money(-124n, 'JPY'), residual: 55n });
    fc.assert(
      fc.property(minor, currency, (ledger, code) => {
        const { money: m, residual } = moneyFromLedger(ledger, code, 'floor');
        expect(moneyToLedger(m) + residual).toBe(ledger);
        expect(residual >= 0n && residual < 10n ** BigInt(2 - currencyDecimals(code))).toBe(true);
      }),
    );
  });

  it('rounds half away from zero', () => {
    expect(roundLedgerToCurrency(150n, 'JPY', 'halfAwayFromZero')).toBe(200n);
    expect(roundLedgerToCurrency(149n, 'JPY', 'halfAwayFromZero')).toBe(100n);
    expect(roundLedgerToCurrency(-150n, 'JPY', 'halfAwayFromZero')).toBe(-200n);
    expect(roundLedgerToCurrency(-149n, 'JPY', 'halfAwayFromZero')).toBe(-100n);
    fc.assert(
      fc.property(minor, currency, (ledger, code) => {
        const rounded = roundLedgerToCurrency(ledger, code, 'halfAwayFromZero');
        const step = 10n ** BigInt(2 - currencyDecimals(code));
        const distance = rounded > ledger ? rounded - ledger : ledger - rounded;
        expect(isLedgerExact(rounded, code)).toBe(true);
        expect(2n * distance <= step).toBe(true);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds and subtracts within one currency only', () => {
    expect(addMoney(money(1n, 'JPY'), money(2n, 'JPY'))).toEqual(money(3n, 'JPY'));
    expect(subtractMoney(money(1n, 'USD'), money(2n, 'USD'))).toEqual(money(-1n, 'USD'));
    expect(() => addMoney(money(1n, 'USD'), money(1n, 'EUR'))).toThrow('Currency mismatch');
  });
});

describe('allocateMoney', () => {
  it('floors each share; the residual stays with the payer', () => {
    const { shares, residual } = allocateMoney(money(100n, 'JPY'), [1n, 1n, 1n], 3n);
    expect(shares).toEqual([money(33n, 'JPY'), money(33n, 'JPY'), money(33n, 'JPY')]);
    expect(residual).toEqual(money(1n, 'JPY'));
  });

  it('conserves the total exactly and never pays more than the weight', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 6n }), { maxLength: 30 }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        currency,
        (total, weights, extra, code) => {
          const denominator = weights.reduce((a, b) => a + b, 0n) + extra + 1n;
          const { shares, residual } = allocateMoney(money(total, code), weights, denominator);
          const paid = shares.reduce((a, s) => a + s.minor, 0n);
          expect(paid + residual.minor).toBe(total);
          expect(residual.minor >= 0n).toBe(true);
          shares.forEach((share, i) => expect(share.minor * denominator <= total * weights[i]!).toBe(true));
        },
      ),
    );
  });

  it('refuses a zero denominator and negative weights', () => {
    expect(() => allocateMoney(money(1n, 'USD'), [1n], 0n)).toThrow();
    expect(() => allocateMoney(money(1n, 'USD'), [-1n], 1n)).toThrow();
  });
});

describe('formatMoney', () => {
  it('uses the currency decimals', () => {
    expect(formatMoney(money(123450n, 'USD'))).toBe('$1,234.50');
    expect(formatMoney(money(1235n, 'JPY'))).toBe('¥1,235');
    expect(formatMoney(money(-5n, 'EUR'))).toBe('-€0.05');
  });

  it('formats ledger amounts in the currency decimals, exactly for big values', () => {
    expect(formatLedgerMoney(123500n, 'JPY')).toBe('¥1,235');
    expect(formatLedgerMoney(900719925474099312n, 'USD')).toBe('$9,007,199,254,740,993.12');
  });

  it('matches the two-decimal parse for USD', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (value) => {
        expect(toMinorUnits(moneyToDecimal(money(value, 'USD')))).toBe(value);
      }),
    );
  });
});
