import { formatMoneyText } from '@meridian/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { auditContext } from '../audit/context';
import type { AuditContext } from '../audit/record';
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
 * What the guard decided for one request, whatever carries it (HTTP route or WebSocket frame):
 * allowed (and under which permission), or sent to a supervisor for approval (decision 0049).
 * A refusal is thrown (403).
 */
export type GuardOutcome =
  { kind: 'allowed'; authorisedBy: string } | { kind: 'sent_for_approval'; approvalId: string; message: string };

/** The 202 body (and the WebSocket frame's fields) of an action sent for approval. */
export function sentForApprovalBody(outcome: Extract<GuardOutcome, { kind: 'sent_for_approval' }>) {
  return {
    code: 'SUPERVISION_REQUIRED' as const,
    message: outcome.message,
    approvalId: outcome.approvalId,
    status: 'pending' as const,
  };
}

/**
 * The one permission decision of the guard: allowed when a role, an unexpired direct grant or
 * an active elevation covers the permission (and amount); over the amount limit of a role that
 * requires supervision, the approval is routed to its supervisors; otherwise 403 `Missing
 * permission: <id>` or the over-the-limit message. `request` is the HTTP request the action is
 * (or is equivalent to), recorded on the approval.
 */
export async function guardDecision(
  db: Db,
  user: { id: string; email: string },
  permissionId: string,
  amount: bigint | undefined,
  request: { method: string; url: string },
  audit: AuditContext,
): Promise<GuardOutcome> {
  // Holdings may come from a short-lived cache; the amount is checked against them every time.
  const candidates = await cachedCandidates(db, user.id, permissionId);
  const decision = decidePermission(candidates, amount);
  if (decision.hasPermission) return { kind: 'allowed', authorisedBy: `${permissionId} (${decision.source})` };
  // Held, but not for this amount: say how much the user may commit, in words and dollars.
  const heldWithoutAmount = amount !== undefined && decidePermission(candidates).hasPermission;
  // A supervised role over its limit: the request goes to a supervisor instead of failing.
  if (heldWithoutAmount) {
    const routed = await routeToSupervisor(db, user, permissionId, amount, request, audit);
    if (routed) return { kind: 'sent_for_approval', approvalId: routed.approval.id, message: routed.message };
  }
  throw forbidden(heldWithoutAmount ? limitMessage(permissionId, candidates) : `Missing permission: ${permissionId}`);
}

/**
 * preHandler factory: 401 without a session, then `guardDecision`: allowed (the handler runs),
 * 403, or 202 `SUPERVISION_REQUIRED` with the approval routed to the role's supervisors
 * (decision 0049), and the route's handler does not run.
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
    const outcome = await guardDecision(
      request.server.db,
      request.user,
      permissionId,
      amount,
      { method: request.method, url: request.url },
      auditContext(request),
    );
    if (outcome.kind === 'allowed') {
      request.authorisedBy = outcome.authorisedBy;
      return;
    }
    await reply.code(202).send(sentForApprovalBody(outcome));
    return reply;
  };
  // Tagged so the authorization matrix test can read which permission a route demands.
  return Object.assign(permissionGuard, { permissionId, readsRequest: options.amount !== undefined });
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
