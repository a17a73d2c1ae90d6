import type { AuthUser } from '@meridian/schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { loadSession, sessionKey, type SessionHit } from './session-cache';

async function lookUp(request: FastifyRequest): Promise<SessionHit> {
  const { auth, db, rolesOf } = request.server;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name } = session.user;
  // Frozen: a cached user object is shared by every request on that session.
  const user: AuthUser = Object.freeze({
    id,
    email,
    name,
    roles: Object.freeze(await rolesOf(db, id)) as string[],
  });
  return { user, expiresAt: new Date(session.session.expiresAt) };
}

/** The user behind the request's session cookie, with active role slugs; null when signed out. */
export async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
  return (await lookUp(request))?.user ?? null;
}

/**
 * As resolveUser, but a session validated in the last few seconds is answered from memory
 * (session-cache.ts); used by the guards on every API request. Misses are never cached.
 */
export async function resolveUserCached(request: FastifyRequest): Promise<AuthUser | null> {
  const key = sessionKey(request.headers.cookie);
  // No cookie we recognise: let better-auth decide, uncached.
  if (key === undefined) return resolveUser(request);
  // Concurrent requests on one session share a single look-up when its entry has expired.
  return (await loadSession(request.server.db, key, () => lookUp(request)))?.user ?? null;
}
