import { describe, expect, it } from 'vitest';
import { formatFileSize, previousMonth } from './default-period';

describe('previousMonth', () => {
  it.each([
    ['2026-03-15T10:00:00Z', '2026-02-01', '2026-02-28'],
    ['2024-03-01T00:00:00Z', '2024-02-01', '2024-02-29'],
    ['2026-01-10T23:59:59Z', '2025-12-01', '2025-12-31'],
  ])('on %s is %s to %s', (today, start, end) => {
    expect(previousMonth(new Date(today))).toEqual({ periodStart: start, periodEnd: end });
  });
});

describe('formatFileSize', () => {
  it.each([
    [512, '512 B'],
    [2048, '2.0 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
  ])('%i bytes read %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});
