import type { AuthUser } from '@meridian/schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { activeRoleSlugs } from '../access/queries';
import { cachedUser, rememberUser, sessionKey } from './session-cache';

async function lookUp(request: FastifyRequest) {
  const { auth, db } = request.server;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name } = session.user;
  // Frozen: a cached user object is shared by every request on that session.
  const user: AuthUser = Object.freeze({ id, email, name, roles: Object.freeze(await activeRoleSlugs(db, id)) as string[] });
  return { user, expiresAt: session.session.expiresAt };
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
  const { db } = request.server;
  const hit = cachedUser(db, key);
  if (hit) return hit;
  const found = await lookUp(request);
  if (!found) return null;
  rememberUser(db, key, found.user, new Date(found.expiresAt));
  return found.user;
}
