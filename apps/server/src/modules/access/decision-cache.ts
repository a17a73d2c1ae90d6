import type { Db } from '../../db/client';
import { forgetUser } from '../auth/session-cache';
import type { PermissionCandidate } from './resolve';
import { loadCandidates } from './service';

/**
 * Resolved holdings (not decisions: amount limits are checked per request) of one user for
 * one permission, kept until the earliest of: PERMISSION_CACHE_TTL_MS, the expiry of any
 * assignment, grant or elevation involved, or `forgetPermissions` (called by every write to
 * assignments, grants and elevations). A user holding nothing is never cached, so a new
 * grant takes effect at once. See docs/decisions/request-path-caches.md.
 */
export const PERMISSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  candidates: PermissionCandidate[];
  validUntil: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheFor(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

const keyOf = (userId: string, permissionId: string) => `${userId}\u0000${permissionId}`;

export async function cachedCandidates(db: Db, userId: string, permissionId: string, now = new Date()): Promise<PermissionCandidate[]> {
  const cache = cacheFor(db);
  const key = keyOf(userId, permissionId);
  const hit = cache.get(key);
  if (hit && hit.validUntil > now.getTime()) return hit.candidates;
  const { candidates, expiries } = await loadCandidates(db, userId, permissionId, now);
  if (candidates.length === 0) {
    cache.delete(key);
    return candidates;
  }
  const validUntil = Math.min(now.getTime() + PERMISSION_CACHE_TTL_MS, ...expiries.map((d) => d.getTime()));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { candidates, validUntil });
  return candidates;
}

/**
 * Forgets what is cached about a user's access (their permission holdings and their cached
 * sessions, which carry role slugs); call after any change to their assignments, grants or
 * elevations. Without a user, forgets everything (catalogue or role-definition changes).
 */
export function forgetPermissions(db: Db, userId?: string): void {
  const cache = cacheFor(db);
  if (userId === undefined) {
    cache.clear();
    return;
  }
  const prefix = `${userId}\u0000`;
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
  forgetUser(db, userId);
}
