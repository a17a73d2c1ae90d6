import type { Db } from '../../db/client';
import { cachePerKey, ShortLivedCache, spreadTtl } from '../../short-lived-cache';
import { forgetUser } from '../auth/session-cache';
import type { PermissionCandidate } from './resolve';
import { loadCandidates } from './service';

/**
 * Resolved holdings (not decisions: amount limits are checked per request) of one user for
 * one permission, kept until the earliest of: PERMISSION_CACHE_TTL_MS, the expiry of any
 * assignment, grant or elevation involved, or `forgetPermissions` (called by every write to
 * assignments, grants and elevations). A user holding nothing is never cached, so a new
 * grant takes effect at once. See docs/decisions/0018-request-path-caches.md.
 */
export const PERMISSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Holdings = Awaited<ReturnType<typeof loadCandidates>>;

const cacheFor = cachePerKey<Db, Holdings>(() => new ShortLivedCache(MAX_ENTRIES));

const keyOf = (userId: string, permissionId: string) => `${userId}\u0000${permissionId}`;

/** The user's holdings of a permission; concurrent misses share one load. */
export async function cachedCandidates(
  db: Db,
  userId: string,
  permissionId: string,
  now = new Date(),
): Promise<PermissionCandidate[]> {
  // Inline arrows only: a named function expression here costs a property definition per call
  // under tsx (esbuild keepNames' `__name`), 1% of the order path's main thread (decision 0082).
  const holdings = await cacheFor(db).getOrLoad(
    keyOf(userId, permissionId),
    () => loadCandidates(db, userId, permissionId, now),
    (loaded) => validUntil(loaded, now),
    now.getTime(),
  );
  return holdings.candidates;
}

/** Until when loaded holdings may be kept: never when empty, else the TTL or the first expiry. */
function validUntil({ candidates, expiries }: Holdings, now: Date): number | null {
  if (candidates.length === 0) return null;
  let until = now.getTime() + spreadTtl(PERMISSION_CACHE_TTL_MS);
  for (const expiry of expiries) until = Math.min(until, expiry.getTime());
  return until;
}

/**
 * Forgets what is cached about a user's access (their permission holdings and their cached
 * sessions, which carry role slugs); call after any change to their assignments, grants or
 * elevations. Without a user, forgets everything (catalogue or role-definition changes).
 */
export function forgetPermissions(db: Db, userId?: string): void {
  if (userId === undefined) {
    cacheFor(db).forget();
    return;
  }
  const prefix = `${userId}\u0000`;
  cacheFor(db).forget((key) => key.startsWith(prefix));
  forgetUser(db, userId);
}
