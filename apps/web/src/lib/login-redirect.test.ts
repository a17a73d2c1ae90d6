import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './login-redirect';

describe('safeReturnTo', () => {
  it('accepts same-site paths only', () => {
    expect(safeReturnTo('/trading?x=1')).toBe('/trading?x=1');
    expect(safeReturnTo('//evil.example')).toBeUndefined();
    expect(safeReturnTo('https://evil.example')).toBeUndefined();
    expect(safeReturnTo('/api/logout')).toBeUndefined();
    expect(safeReturnTo(null)).toBeUndefined();
  });
});
