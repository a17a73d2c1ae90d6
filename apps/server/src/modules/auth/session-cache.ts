import type { AuthUser } from '@meridian/schemas';
import type { Db } from '../../db/client';

/**
 * Validated session cookie -> user (+ roles), kept a few seconds so the order path does not
 * pay better-auth's HMAC check plus the session and role queries on every request.
 * Trade-off (docs/decisions/request-path-caches.md): a session revoked outside this process,
 * or a role assignment changed without `forgetUser`, is still honoured for at most TTL_MS.
 * Sign-out through this process forgets the entry at once.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: AuthUser;
  validUntil: number;
}

// Per database (one per app instance), so test apps never see each other's sessions.
const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheFor(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

const TOKEN_COOKIE = /(?:^|;\s*)(?:__Secure-)?meridian\.session_token=([^;]+)/;

/** The signed session-token cookie value, the cache key; undefined without one. */
export function sessionKey(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? TOKEN_COOKIE.exec(cookieHeader)?.[1] : undefined;
}

export function cachedUser(db: Db, key: string, now = Date.now()): AuthUser | undefined {
  const cache = cacheFor(db);
  const entry = cache.get(key);
  if (!entry) return undefined;
  if (entry.validUntil > now) return entry.user;
  cache.delete(key);
  return undefined;
}

/** Remembers a validated session until `sessionExpiresAt` or TTL_MS, whichever comes first. */
export function rememberUser(db: Db, key: string, user: AuthUser, sessionExpiresAt: Date, now = Date.now()): void {
  const cache = cacheFor(db);
  // Map keeps insertion order: dropping the first entry drops the oldest.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { user, validUntil: Math.min(now + SESSION_CACHE_TTL_MS, sessionExpiresAt.getTime()) });
}

/** Forgets one session (sign-out), or every session when no key is given (bulk revocation). */
export function forgetSession(db: Db, key?: string): void {
  if (key === undefined) cacheFor(db).clear();
  else cacheFor(db).delete(key);
}

/** Forgets every cached session of a user, e.g. after their role assignments changed. */
export function forgetUser(db: Db, userId: string): void {
  const cache = cacheFor(db);
  for (const [key, entry] of cache) if (entry.user.id === userId) cache.delete(key);
}
