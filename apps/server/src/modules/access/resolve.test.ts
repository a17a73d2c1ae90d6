import { describe, expect, it } from 'vitest';
import { decidePermission, type PermissionCandidate, roleAmountLimit } from './resolve';

const role = (limit: bigint | null): PermissionCandidate => ({ source: 'role_based', limit, conditions: {} });
const grant = (limit: bigint | null): PermissionCandidate => ({
  source: 'direct_grant',
  limit,
  conditions: { desk: 'rates' },
});
const elevation = (limit: bigint | null): PermissionCandidate => ({ source: 'temp_elevation', limit, conditions: {} });

describe('decidePermission', () => {
  it('refuses without any candidate', () => {
    expect(decidePermission([])).toEqual({
      hasPermission: false,
      source: 'none',
      amountAuthorized: null,
      conditions: {},
    });
  });

  it('prefers role-based over direct grants over elevations', () => {
    expect(decidePermission([elevation(null), grant(null), role(null)]).source).toBe('role_based');
    expect(decidePermission([elevation(null), grant(null)]).source).toBe('direct_grant');
    expect(decidePermission([elevation(5n)]).source).toBe('temp_elevation');
  });

  it('ignores amount limits when no amount is involved', () => {
    expect(decidePermission([role(1n)]).hasPermission).toBe(true);
  });

  it('falls through to a source whose limit covers the amount', () => {
    const d = decidePermission([role(100n), grant(1_000n)], 500n);
    expect(d).toMatchObject({
      hasPermission: true,
      source: 'direct_grant',
      amountAuthorized: 1_000n,
      conditions: { desk: 'rates' },
    });
  });

  it('accepts an amount equal to the limit and refuses one cent more', () => {
    expect(decidePermission([grant(500n)], 500n).hasPermission).toBe(true);
    expect(decidePermission([grant(500n)], 501n).hasPermission).toBe(false);
  });

  it('reports the widest limit within a source, unlimited first', () => {
    expect(decidePermission([grant(10n), grant(30n), grant(20n)], 5n).amountAuthorized).toBe(30n);
    expect(decidePermission([grant(10n), grant(null)], 5n).amountAuthorized).toBeNull();
  });
});

describe('roleAmountLimit', () => {
  it.each([
    ['the catalogue cap when the role sets none', 50_000_000_000n, null, 50_000_000_000n],
    ['the role limit when it is lower', 50_000_000_000n, 2_500_000_000n, 2_500_000_000n],
    ['the catalogue cap when the role limit is higher', 2_500_000_000n, 50_000_000_000n, 2_500_000_000n],
    ['the role limit for an uncapped permission', null, 100n, 100n],
    ['no cap when neither sets one', null, null, null],
  ] as const)('is %s', (_, cap, roleLimit, expected) => {
    expect(roleAmountLimit(cap, roleLimit)).toBe(expected);
  });
});
