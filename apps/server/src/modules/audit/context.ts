import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from './record';

/**
 * Who did it, under which permission, from where: the request-derived fields of an audit
 * entry. `authorisedBy` is what `requirePermission` decided for this request.
 */
export function auditContext(
  request: FastifyRequest,
): Pick<AuditEntry, 'actorId' | 'actorEmail' | 'authorisedBy' | 'requestId' | 'clientAddress'> {
  return {
    actorId: request.user?.id ?? null,
    actorEmail: request.user?.email ?? null,
    authorisedBy: request.authorisedBy ?? null,
    requestId: request.id,
    clientAddress: request.ip,
  };
}
