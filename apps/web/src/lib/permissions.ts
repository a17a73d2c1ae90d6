import type { MyPermissions, PermissionEntry } from '@meridian/schemas';

/** What every item of the three groups has in common: the entry and what confers it. */
type Conferred = {
  permission: PermissionEntry;
  assignment?: { expiresAt: string | null };
  grant?: { expiresAt: string | null };
  elevation?: { effectiveUntil: string };
};

/** Earliest expiry among the permission entry and the assignment, grant or elevation conferring it. */
function expiryOf(item: Conferred): number | undefined {
  const candidates = [
    item.elevation?.effectiveUntil,
    item.grant?.expiresAt,
    item.assignment?.expiresAt,
    item.permission.expiresAt,
  ];
  const times = candidates
    .filter((v): v is string => typeof v === 'string')
    .map(Date.parse)
    .filter(Number.isFinite);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * The permission ids the user holds now (GET /api/role-management/my-permissions, SPEC §3,
 * validated by its shared schema); grants or elevations already expired are left out.
 */
export function heldPermissionIds(response: MyPermissions | null | undefined, now = Date.now()): Set<string> {
  const held = new Set<string>();
  if (!response) return held;
  const items: Conferred[] = [...response.rolePermissions, ...response.directPermissions, ...response.tempElevations];
  for (const item of items) {
    const id = item.permission.permissionId;
    const expiry = expiryOf(item);
    if (id && !(expiry !== undefined && expiry <= now)) held.add(id);
  }
  return held;
}

/** Any-of by default; all-of when `requireAll` (SPEC §6). */
export function satisfies(held: Set<string>, required: readonly string[], requireAll = false): boolean {
  if (required.length === 0) return true;
  return requireAll ? required.every((id) => held.has(id)) : required.some((id) => held.has(id));
}

/** SPEC §6 text shown when the gate refuses. */
export function permissionDeniedMessage(required: readonly string[]): string {
  return `You don't have permission to access this feature. Required permission(s): ${required.join(', ')}.`;
}
