import {
  placeOrderSchema,
  streamCommandSchema,
  type Order,
  type PlaceOrder,
  type StreamCommandAnswer,
} from '@meridian/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, unauthorized } from '../../errors';
import { guardDecision, sentForApprovalBody, type GuardOutcome } from '../access/guard';
import type { AuditContext } from '../audit/record';
import { orderDto } from './dto';
import type { Outcome } from './order-flow';
import type { TradingService } from './service';

/** Who sends orders and from where: the request's audit fields (actor, authorisation, request id, address). */
export type OrderActor = AuditContext & { userId: string };

/** Commands one WebSocket may have in flight; more are answered 429 (the HTTP route has one per request). */
export const MAX_COMMANDS_IN_FLIGHT = 64;

/**
 * Order entry, whatever carries it (issue 16 item 7): `POST /api/orders` / `DELETE
 * /api/orders/:id` and the same commands over the authenticated WebSocket go through these
 * functions — one validation (placeOrderSchema), one permission decision (`authorise`, what
 * `requirePermission` runs), one placement path with its idempotency keys and audit rows,
 * one answer (the Order DTO).
 */
export class OrderEntry {
  constructor(
    private readonly db: Db,
    private readonly trading: TradingService,
  ) {}

  /**
   * place_orders for this order's notional (USD), decided as the HTTP route's guard decides it
   * (`guardDecision`): allowed, sent to a supervisor for approval (202 over HTTP), or 403.
   */
  async authorisePlace(actor: Omit<OrderActor, 'authorisedBy'>, input: PlaceOrder): Promise<GuardOutcome> {
    const amount = await this.trading.notionalInLimitCurrency(input);
    return guardDecision(this.db, who(actor), 'place_orders', amount, PLACE_REQUEST, auditOf(actor));
  }

  async authoriseCancel(actor: Omit<OrderActor, 'authorisedBy'>): Promise<GuardOutcome> {
    return guardDecision(
      this.db,
      who(actor),
      'place_orders',
      undefined,
      { method: 'DELETE', url: '/api/orders/:id' },
      auditOf(actor),
    );
  }

  /** Places an order the caller was authorised for; throws the AppError the HTTP route answers with. */
  async place(
    actor: OrderActor,
    input: PlaceOrder,
    idempotencyKey: string | null,
  ): Promise<{ order: Order; replayed: boolean }> {
    const { userId, ...audit } = actor;
    return this.placeAs(userId, audit, input, idempotencyKey);
  }

  /**
   * `place` with the user and the audit fields apart (POST /api/orders): the same placement,
   * without building the actor and taking it apart again per request (decision 0087).
   */
  async placeAs(
    userId: string,
    audit: AuditContext,
    input: PlaceOrder,
    idempotencyKey: string | null,
  ): Promise<{ order: Order; replayed: boolean }> {
    const outcome = await this.trading.placeOrder(userId, input, idempotencyKey, 0, audit);
    return { order: this.answer(outcome), replayed: outcome.ok && outcome.replayed };
  }

  async cancel(actor: OrderActor, orderId: string): Promise<Order> {
    const { userId, ...audit } = actor;
    return this.answer(await this.trading.cancelOrder(userId, orderId, 0, audit));
  }

  answer(outcome: Outcome): Order {
    if (!outcome.ok) throw outcome.error;
    return outcome.dto ?? orderDto(outcome.order, this.trading.instrumentOf(outcome.order.instrumentId)!);
  }

  /**
   * One WebSocket command frame, answered as the HTTP route would answer it (status and
   * body). `actor` resolves the connection's user now (the session may have ended since
   * the upgrade): null answers 401.
   */
  async command(
    text: string,
    actor: () => Promise<Omit<OrderActor, 'authorisedBy'> | null>,
    log?: FastifyBaseLogger,
  ): Promise<StreamCommandAnswer> {
    let ref: string | null = null;
    try {
      let frame: unknown;
      try {
        frame = JSON.parse(text);
      } catch {
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid request: the frame is not JSON');
      }
      // Echo a readable ref even when the rest of the frame is refused.
      const given = (frame as { ref?: unknown } | null)?.ref;
      if (typeof given === 'string' && given.length > 0 && given.length <= 100) ref = given;
      const command = streamCommandSchema.safeParse(frame);
      if (!command.success) throw invalid('frame', command.error);
      ref = command.data.ref;
      const who = await actor();
      if (!who) throw unauthorized();
      if (command.data.type === 'cancel') {
        const outcome = await this.authoriseCancel(who);
        if (outcome.kind === 'sent_for_approval') return sentForApproval(ref, outcome);
        const order = await this.cancel({ ...who, authorisedBy: outcome.authorisedBy }, command.data.orderId);
        return { type: 'result', ref, status: 200, order, replayed: false };
      }
      const input = placeOrderSchema.safeParse(command.data.order);
      if (!input.success) throw invalid('body', input.error);
      // The same outcome as POST /api/orders: over a supervised role's limit, sent for approval (202).
      const outcome = await this.authorisePlace(who, input.data);
      if (outcome.kind === 'sent_for_approval') return sentForApproval(ref, outcome);
      const placed = await this.place(
        { ...who, authorisedBy: outcome.authorisedBy },
        input.data,
        command.data.idempotencyKey ?? null,
      );
      return { type: 'result', ref, status: 201, ...placed };
    } catch (error) {
      if (error instanceof AppError) {
        const { issues, ...details } = (error.details ?? {}) as { issues?: { path: string; message: string }[] };
        return {
          type: 'error',
          ref,
          status: error.status,
          code: error.code,
          message: error.message,
          ...details,
          issues,
        };
      }
      log?.error({ err: error }, 'WebSocket order command failed');
      return { type: 'error', ref, status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' };
    }
  }
}

/** The HTTP route's 202 request for the equivalent of a WebSocket place (the approval records it). */
const PLACE_REQUEST = { method: 'POST', url: '/api/orders' };

function who(actor: Omit<OrderActor, 'authorisedBy'>): { id: string; email: string } {
  return { id: actor.userId, email: actor.actorEmail ?? '' };
}

function auditOf(actor: Omit<OrderActor, 'authorisedBy'>): AuditContext {
  const { userId: _userId, ...audit } = actor;
  return audit;
}

/** The frame for an order sent to a supervisor: the 202 body of POST /api/orders, with the ref. */
function sentForApproval(
  ref: string,
  outcome: Extract<GuardOutcome, { kind: 'sent_for_approval' }>,
): StreamCommandAnswer {
  const { code, message, approvalId } = sentForApprovalBody(outcome);
  return { type: 'sent_for_approval', ref, status: 202, code, message, approvalId };
}

/** 400 VALIDATION_ERROR with the HTTP route's wording: `Invalid request: body.price: <message>`. */
function invalid(context: string, error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    path: [context, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new AppError(400, 'VALIDATION_ERROR', `Invalid request: ${summary}`, { issues });
}
