import { describe, expect, it } from 'vitest';
import { normalizeNumberInput } from './decimal';

describe('normalizeNumberInput', () => {
  it.each([
    ['1,000', '1000'],
    [' 1,000.50 ', '1000.50'],
    ['12,345,678', '12345678'],
    ['1000.50', '1000.50'],
    ['1,00', '1,00'],
    ['1,0000', '1,0000'],
    ['-1,000', '-1,000'],
    ['abc', 'abc'],
  ])('%s -> %s', (typed, read) => {
    expect(normalizeNumberInput(typed)).toBe(read);
  });
});
