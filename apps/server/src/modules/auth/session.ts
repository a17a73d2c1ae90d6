import type { AuthUser } from '@meridian/schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { activeRoleSlugs } from '../access/queries';

/** The user behind the request's session cookie, with active role slugs; null when signed out. */
export async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
  const { auth, db } = request.server;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name, roles: await activeRoleSlugs(db, id) };
}
