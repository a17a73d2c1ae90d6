import { describe, expect, it } from 'vitest';
import { STAKEHOLDER_ROLES, roleLabel } from './roles';

describe('roles', () => {
  it('maps each stakeholder role to its dashboard route (SPEC §4)', () => {
    expect(STAKEHOLDER_ROLES.map((r) => r.route)).toEqual([
      '/issuer',
      '/investor',
      '/market-maker',
      '/custodian',
      '/compliance',
      '/regulator',
    ]);
  });

  it('labels known and unknown slugs', () => {
    expect(roleLabel('market_maker')).toBe('Market Maker');
    expect(roleLabel('administrator')).toBe('Administrator');
  });
});
