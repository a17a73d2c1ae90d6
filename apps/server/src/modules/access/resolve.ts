import type { PermissionSource } from '@meridian/schemas';

/** One way a user may hold a permission; `limit` null means no amount cap. */
export interface PermissionCandidate {
  source: PermissionSource;
  limit: bigint | null;
  conditions: Record<string, unknown>;
}

export interface PermissionDecision {
  hasPermission: boolean;
  source: PermissionSource | 'none';
  amountAuthorized: bigint | null;
  conditions: Record<string, unknown>;
}

const SOURCE_ORDER: readonly PermissionSource[] = ['role_based', 'direct_grant', 'temp_elevation'];

/**
 * Picks the source that authorizes `amount` (any source when no amount is involved),
 * preferring role-based over direct grants over elevations, and within a source the
 * widest limit. Candidates must already be filtered for activity and expiry.
 */
export function decidePermission(candidates: readonly PermissionCandidate[], amount?: bigint): PermissionDecision {
  const covering = candidates.filter((c) => amount === undefined || c.limit === null || amount <= c.limit);
  for (const source of SOURCE_ORDER) {
    const best = covering
      .filter((c) => c.source === source)
      .sort((a, b) => (a.limit === null ? -1 : b.limit === null ? 1 : a.limit > b.limit ? -1 : 1))[0];
    if (best) return { hasPermission: true, source, amountAuthorized: best.limit, conditions: best.conditions };
  }
  return { hasPermission: false, source: 'none', amountAuthorized: null, conditions: {} };
}

/**
 * What a role lets a holder commit per action under a permission: the lower of the catalogue's
 * cap and the role's own limit (decision 0078); null (no cap) only when neither sets one.
 */
export function roleAmountLimit(permissionCap: bigint | null, roleLimit: bigint | null): bigint | null {
  if (permissionCap === null) return roleLimit;
  if (roleLimit === null) return permissionCap;
  return roleLimit < permissionCap ? roleLimit : permissionCap;
}
