import { describe, expect, it } from 'vitest';
import { clampLevel, localDateTimeToIso } from './form-values';

describe('role management helpers', () => {
  it('turns a local date-time into an instant, empty into null', () => {
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('nonsense')).toBeNull();
    expect(localDateTimeToIso('2031-03-01T14:05')).toBe(new Date('2031-03-01T14:05').toISOString());
  });

  it('keeps a role level within 1-10', () => {
    expect(clampLevel(0)).toBe(1);
    expect(clampLevel(11)).toBe(10);
    expect(clampLevel(7.4)).toBe(7);
    expect(clampLevel(Number.NaN)).toBe(1);
  });
});
