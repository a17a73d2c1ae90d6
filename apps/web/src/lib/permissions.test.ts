import { describe, expect, it } from 'vitest';
import { heldPermissionIds, permissionDeniedMessage, satisfies } from './permissions';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('heldPermissionIds', () => {
  it('collects role, direct and elevated permissions and drops expired ones', () => {
    const held = heldPermissionIds(
      {
        rolePermissions: [
          { permission: { permissionId: 'create_instruments', expiresAt: null }, assignment: { expiresAt: null } },
          { permission: { permissionId: 'approve_elevations' }, assignment: { expiresAt: '2026-11-01T00:00:00Z' } },
        ],
        directPermissions: [
          { permission: { permissionId: 'place_orders' }, grant: { expiresAt: '2026-11-23T00:00:00Z' } },
          { permission: { permissionId: 'manage_roles' }, grant: { expiresAt: '2026-11-21T00:00:00Z' } },
        ],
        tempElevations: [
          { permission: { permissionId: 'generate_reports' }, elevation: { effectiveUntil: '2026-11-22T11:59:00Z' } },
        ],
      },
      NOW,
    );
    expect([...held].sort()).toEqual(['create_instruments', 'place_orders']);
  });

  it('tolerates a missing or malformed response', () => {
    expect(heldPermissionIds(null).size).toBe(0);
    expect(heldPermissionIds({ rolePermissions: [null, 3, { permission: {} }] }).size).toBe(0);
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
