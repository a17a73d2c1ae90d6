import type { AuthUser } from '@meridian/schemas';
import type { Db } from '../../db/client';
import { cachePerKey, ShortLivedCache, spreadTtl } from '../../short-lived-cache';

/**
 * Validated session cookie -> user (+ roles), kept a few seconds so the order path does not
 * pay better-auth's HMAC check plus the session and role queries on every request.
 * Trade-off (docs/decisions/0018-request-path-caches.md): a session revoked outside this process,
 * or a role assignment changed without `forgetUser`, is still honoured for at most TTL_MS.
 * Sign-out through this process forgets the entry at once.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** A validated session; null when the cookie named none (never stored). */
export type SessionHit = { user: AuthUser; expiresAt: Date } | null;

// Per database (one per app instance), so test apps never see each other's sessions.
const cacheFor = cachePerKey<Db, SessionHit>(() => new ShortLivedCache(MAX_ENTRIES));

const validUntil = (hit: SessionHit, now: number, ttl = SESSION_CACHE_TTL_MS) =>
  hit ? Math.min(now + ttl, hit.expiresAt.getTime()) : null;

const TOKEN_COOKIE = /(?:^|;\s*)(?:__Secure-)?meridian\.session_token=([^;]+)/;

/** The signed session-token cookie value, the cache key; undefined without one. */
export function sessionKey(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? TOKEN_COOKIE.exec(cookieHeader)?.[1] : undefined;
}

export function cachedUser(db: Db, key: string, now = Date.now()): AuthUser | undefined {
  return cacheFor(db).get(key, now)?.user;
}

/** Remembers a validated session until `sessionExpiresAt` or TTL_MS, whichever comes first. */
export function rememberUser(db: Db, key: string, user: AuthUser, sessionExpiresAt: Date, now = Date.now()): void {
  const hit = { user, expiresAt: sessionExpiresAt };
  cacheFor(db).set(key, hit, validUntil(hit, now)!);
}

/** The cached session, else `lookUp`'s answer (one look-up per key at a time), remembered when valid. */
export function loadSession(
  db: Db,
  key: string,
  lookUp: () => Promise<SessionHit>,
  now = Date.now(),
): Promise<SessionHit> {
  return cacheFor(db).getOrLoad(key, lookUp, (hit) => validUntil(hit, now, spreadTtl(SESSION_CACHE_TTL_MS)), now);
}

/** Forgets one session (sign-out), or every session when no key is given (bulk revocation). */
export function forgetSession(db: Db, key?: string): void {
  cacheFor(db).forget(key === undefined ? undefined : (k) => k === key);
}

/** Forgets every cached session of a user, e.g. after their role assignments changed. */
export function forgetUser(db: Db, userId: string): void {
  cacheFor(db).forget((_key, hit) => hit?.user.id === userId);
}
