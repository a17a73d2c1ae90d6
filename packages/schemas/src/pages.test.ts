import { describe, expect, it } from 'vitest';
import { isPagePath } from './pages';

describe('isPagePath', () => {
  it.each(['/', '/trading', '/trading/', '/instruments/3f1c', '/roles'])('%s is a page', (path) => {
    expect(isPagePath(path)).toBe(true);
  });
  it.each(['/metrics', '/healthz', '/instruments', '/instruments/a/b', '/tradingx', '/api/orders', '/favicon.ico'])(
    '%s is not a page',
    (path) => {
      expect(isPagePath(path)).toBe(false);
    },
  );
});
