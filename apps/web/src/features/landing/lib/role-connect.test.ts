import { describe, expect, it } from 'vitest';
import { buildSimulatedBadge, storeRoleConnection, storedRole } from './role-connect';

const input = {
  role: 'issuer' as const,
  roleName: 'Issuer',
  description: 'Create and manage ACTUS instruments',
  userId: '0a1b2c3d-0000-4000-8000-000000000001',
  now: new Date('2026-11-22T08:00:00.000Z'),
  nonce: 'abc123',
};

function memoryStorage() {
  const map = new Map<string, string>();
  return { setItem: (k: string, v: string) => void map.set(k, v), getItem: (k: string) => map.get(k) ?? null, map };
}

describe('role connect (simulation)', () => {
  it('builds a simulated stakeholder_access badge with the spec metadata', () => {
    const badge = buildSimulatedBadge(input);
    expect(badge).toMatchObject({
      badgeType: 'stakeholder_access',
      status: 'simulated',
      metadata: { roleName: 'Issuer', connectedAt: '2026-11-22T08:00:00.000Z', blockchainNetwork: 'simulation' },
    });
    expect(badge.localId).toBe('#issuer_0a1b2c3d_abc123#');
  });

  it('stores role, flag, time and badge under the spec keys', () => {
    const storage = memoryStorage();
    const badge = buildSimulatedBadge(input);
    storeRoleConnection(storage, 'issuer', badge);
    expect(Object.fromEntries(storage.map)).toEqual({
      selectedRole: 'issuer',
      blockchainConnected: 'true',
      walletConnectedAt: '2026-11-22T08:00:00.000Z',
      stakeholderBadge: JSON.stringify(badge),
    });
    expect(storedRole(storage)).toBe('issuer');
    expect(storedRole(memoryStorage())).toBeNull();
  });
});
