/**
 * Reading GET /api/role-management/my-permissions (SPEC §3): rolePermissions,
 * directPermissions and tempElevations, each item carrying its `permission` and the
 * assignment, grant or elevation that confers it.
 */
export type MyPermissionsResponse = {
  rolePermissions?: unknown[];
  directPermissions?: unknown[];
  tempElevations?: unknown[];
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function permissionIdOf(item: Record<string, unknown>): string | undefined {
  const nested = record(item.permission);
  const id = nested?.permissionId ?? item.permissionId;
  return typeof id === 'string' ? id : undefined;
}

/** Earliest expiry among the permission entry and the assignment, grant or elevation conferring it. */
function expiryOf(item: Record<string, unknown>): number | undefined {
  const candidates = [
    record(item.elevation)?.effectiveUntil,
    record(item.grant)?.expiresAt,
    record(item.assignment)?.expiresAt,
    record(item.permission)?.expiresAt,
    item.expiresAt,
  ];
  const times = candidates
    .filter((v): v is string => typeof v === 'string')
    .map(Date.parse)
    .filter(Number.isFinite);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** The permission ids the user holds now; grants or elevations already expired are left out. */
export function heldPermissionIds(response: MyPermissionsResponse | null | undefined, now = Date.now()): Set<string> {
  const held = new Set<string>();
  const groups = [response?.rolePermissions, response?.directPermissions, response?.tempElevations];
  for (const group of groups) {
    if (!Array.isArray(group)) continue;
    for (const raw of group) {
      const item = record(raw);
      if (!item) continue;
      const id = permissionIdOf(item);
      const expiry = expiryOf(item);
      if (id && !(expiry !== undefined && expiry <= now)) held.add(id);
    }
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
