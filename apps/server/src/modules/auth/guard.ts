import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import { resolveUserCached } from './session';

/** preHandler: 401 `{ code: 'UNAUTHORIZED' }` without a valid session; sets `request.user`. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user) return;
  const user = await resolveUserCached(request);
  if (!user) throw unauthorized();
  request.user = user;
  // Every later log line of this request names who made it.
  request.log = request.log.child({ userId: user.id });
}
