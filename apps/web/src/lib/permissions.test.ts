import type { PermissionEntry } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import { heldPermissionIds, permissionDeniedMessage, satisfies } from './permissions';

const NOW = Date.parse('2026-11-22T12:00:00Z');

const entry = (permissionId: string, expiresAt: string | null = null): PermissionEntry => ({
  permissionId,
  name: permissionId,
  category: 'trading',
  riskLevel: 'low',
  source: 'role_based',
  maxAmount: null,
  conditions: {},
  expiresAt,
});

const assignment = (expiresAt: string | null) => ({
  id: 'a',
  roleId: 'r',
  roleTitle: 'Role',
  conditions: {},
  expiresAt,
});
const grant = (expiresAt: string | null) => ({ id: 'g', amountLimit: null, conditions: {}, expiresAt });

describe('heldPermissionIds', () => {
  it('collects role, direct and elevated permissions and drops expired ones', () => {
    const held = heldPermissionIds(
      {
        rolePermissions: [
          { permission: entry('create_instruments'), assignment: assignment(null) },
          { permission: entry('approve_elevations'), assignment: assignment('2026-11-01T00:00:00Z') },
          { permission: entry('view_reports', '2026-11-22T11:00:00Z'), assignment: assignment(null) },
        ],
        directPermissions: [
          { permission: entry('place_orders'), grant: grant('2026-11-23T00:00:00Z') },
          { permission: entry('manage_roles'), grant: grant('2026-11-21T00:00:00Z') },
        ],
        tempElevations: [
          {
            permission: entry('generate_reports'),
            elevation: { id: 'e', effectiveUntil: '2026-11-22T11:59:00Z', amountLimit: null },
          },
          {
            permission: entry('approve_trades'),
            elevation: { id: 'f', effectiveUntil: '2026-11-22T12:30:00Z', amountLimit: null },
          },
        ],
      },
      NOW,
    );
    expect([...held].sort()).toEqual(['approve_trades', 'create_instruments', 'place_orders']);
  });

  it('holds nothing while the response is missing', () => {
    expect(heldPermissionIds(null).size).toBe(0);
    expect(heldPermissionIds(undefined).size).toBe(0);
  });
});

describe('satisfies', () => {
  const held = new Set(['a', 'b']);
  it('is any-of by default and all-of on request', () => {
    expect(satisfies(held, ['a', 'z'])).toBe(true);
    expect(satisfies(held, ['a', 'z'], true)).toBe(false);
    expect(satisfies(held, ['a', 'b'], true)).toBe(true);
    expect(satisfies(held, ['z'])).toBe(false);
  });
});

describe('permissionDeniedMessage', () => {
  it('uses the spec text', () => {
    expect(permissionDeniedMessage(['create_instruments', 'manage_roles'])).toBe(
      "You don't have permission to access this feature. Required permission(s): create_instruments, manage_roles.",
    );
  });
});
