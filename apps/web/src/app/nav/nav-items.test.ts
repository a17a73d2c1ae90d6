import { describe, expect, it } from 'vitest';
import { DASHBOARD_LINKS, MAIN_LINKS, isActivePath } from './nav-items';

describe('navigation', () => {
  it('lists the spec links in order', () => {
    expect(MAIN_LINKS.map((l) => l.href)).toEqual(['/', '/marketplace', '/trading', '/risk', '/compliance', '/roles']);
    expect(DASHBOARD_LINKS.map((l) => l.href)).toEqual([
      '/issuer',
      '/investor',
      '/market-maker',
      '/custodian',
      '/regulator',
    ]);
  });

  it('highlights the active route without prefix false positives', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/trading')).toBe(false);
    expect(isActivePath('/trading', '/trading')).toBe(true);
    expect(isActivePath('/roles', '/role-management')).toBe(false);
    expect(isActivePath('/marketplace', '/marketplace/abc')).toBe(true);
  });
});
