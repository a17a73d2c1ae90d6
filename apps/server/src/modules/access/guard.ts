import { formatMoneyText } from '@meridian/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { auditContext } from '../audit/context';
import { requireAuth } from '../auth/guard';
import { SYSTEM_PERMISSIONS } from './catalogue';
import { cachedCandidates } from './decision-cache';
import { decidePermission, type PermissionCandidate } from './resolve';
import { routeToSupervisor } from './supervision';

const KNOWN = new Set(SYSTEM_PERMISSIONS.map((p) => p.permissionId));

export interface PermissionOptions {
  /** The amount (USD hundredths) the request involves, checked against limits (converted from its currency). */
  amount?: (request: FastifyRequest) => bigint | undefined | Promise<bigint | undefined>;
}

/**
 * preHandler factory: 401 without a session, 403 `Missing permission: <id>` unless a
 * role, an unexpired direct grant or an active elevation covers the permission (and amount).
 * Over the amount limit of a role that requires supervision: 202 `SUPERVISION_REQUIRED` with
 * the approval routed to its supervisors (decision 0049), and the route's handler does not run.
 */
export function requirePermission(permissionId: string, options: PermissionOptions = {}) {
  // A typo would silently lock everyone out; fail when the route is declared instead.
  if (!KNOWN.has(permissionId))
    throw new Error(`requirePermission: unknown permission '${permissionId}' (see access/catalogue.ts)`);
  const permissionGuard = async function permissionGuard(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void | FastifyReply> {
    if (!request.user) await requireAuth(request, reply);
    const amount = await options.amount?.(request);
    // Holdings may come from a short-lived cache; the amount is checked against them every time.
    const candidates = await cachedCandidates(request.server.db, request.user.id, permissionId);
    const decision = decidePermission(candidates, amount);
    if (decision.hasPermission) {
      request.authorisedBy = `${permissionId} (${decision.source})`;
      return;
    }
    // Held, but not for this amount: say how much the user may commit, in words and dollars.
    const heldWithoutAmount = amount !== undefined && decidePermission(candidates).hasPermission;
    // A supervised role over its limit: the request goes to a supervisor instead of failing.
    if (heldWithoutAmount) {
      const routed = await routeToSupervisor(
        request.server.db,
        request.user,
        permissionId,
        amount,
        { method: request.method, url: request.url },
        auditContext(request),
      );
      if (routed) {
        await reply.code(202).send({
          code: 'SUPERVISION_REQUIRED',
          message: routed.message,
          approvalId: routed.approval.id,
          status: 'pending',
        });
        return reply;
      }
    }
    throw forbidden(heldWithoutAmount ? limitMessage(permissionId, candidates) : `Missing permission: ${permissionId}`);
  };
  // Tagged so the authorization matrix test can read which permission a route demands.
  return Object.assign(permissionGuard, { permissionId, readsRequest: options.amount !== undefined });
}

/**
 * The guard's permission decision for requests that arrive another way (order entry over the
 * WebSocket): what authorised it (`place_orders (role_based)`), or 403 `Missing permission:
 * <id>` / the over-the-limit message. Not routed to a supervisor: over the limit is refused.
 */
export async function authorise(db: Db, userId: string, permissionId: string, amount?: bigint): Promise<string> {
  // Holdings may come from a short-lived cache; the amount is checked against them every time.
  const candidates = await cachedCandidates(db, userId, permissionId);
  const decision = decidePermission(candidates, amount);
  if (decision.hasPermission) return `${permissionId} (${decision.source})`;
  // Held, but not for this amount: say how much the user may commit, in words and dollars.
  const heldWithoutAmount = amount !== undefined && decidePermission(candidates).hasPermission;
  throw forbidden(heldWithoutAmount ? limitMessage(permissionId, candidates) : `Missing permission: ${permissionId}`);
}

/** What each amount-limited permission lets a user do, for the over-the-limit message. */
const LIMIT_PHRASES: Record<string, string> = {
  place_orders: 'spend up to {limit} per order',
  create_instruments: 'issue up to {limit} per instrument',
};

/** "You can spend up to $10,000,000.00 per order with your role" (limits are USD hundredths). */
export function limitMessage(permissionId: string, candidates: readonly PermissionCandidate[]): string {
  const limits = candidates.map((c) => c.limit).filter((limit): limit is bigint => limit !== null);
  const widest = limits.reduce((max, limit) => (limit > max ? limit : max), 0n);
  const phrase = (LIMIT_PHRASES[permissionId] ?? `use ${permissionId} up to {limit}`).replace(
    '{limit}',
    formatMoneyText(widest, 'USD'),
  );
  return `You can ${phrase} with your role`;
}
