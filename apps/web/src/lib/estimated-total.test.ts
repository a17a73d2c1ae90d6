import { describe, expect, it } from 'vitest';
import { estimatedTotal } from './estimated-total';

describe('estimatedTotal', () => {
  it.each([
    ['10', '101.25', '99.00', '1012.50'],
    ['3', '', '99.99', '299.97'],
    ['3', '  ', '99.99', '299.97'],
    ['1', '0.01', null, '0.01'],
    // Floats would print 0.30000000000000004 x 1e9 here; hundredths stay exact.
    ['1000000000', '0.10', null, '100000000.00'],
    ['7', '', '-2.50', '-17.50'],
  ])('%s x (%s or %s) = %s', (quantity, entered, current, expected) => {
    expect(estimatedTotal(quantity, entered, current)).toBe(expected);
  });

  it.each([
    ['', '1.00', '1.00'],
    ['0', '1.00', '1.00'],
    ['1.5', '1.00', '1.00'],
    ['-2', '1.00', '1.00'],
    ['2', '1.005', '1.00'],
    ['2', 'abc', '1.00'],
    ['2', '', null],
  ])('is null for quantity %j, price %j, current %j', (quantity, entered, current) => {
    expect(estimatedTotal(quantity, entered, current)).toBeNull();
  });
});
