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
import { authorise } from '../access/guard';
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

  /** place_orders for this order's notional (USD), as the HTTP route's guard decides it: what authorised it, or 403. */
  async authorisePlace(userId: string, input: PlaceOrder): Promise<string> {
    return authorise(this.db, userId, 'place_orders', await this.trading.notionalInLimitCurrency(input));
  }

  async authoriseCancel(userId: string): Promise<string> {
    return authorise(this.db, userId, 'place_orders');
  }

  /** Places an order the caller was authorised for; throws the AppError the HTTP route answers with. */
  async place(
    actor: OrderActor,
    input: PlaceOrder,
    idempotencyKey: string | null,
  ): Promise<{ order: Order; replayed: boolean }> {
    const { userId, ...audit } = actor;
    const outcome = await this.trading.placeOrder(userId, input, idempotencyKey, 0, audit);
    return { order: this.answer(outcome), replayed: outcome.ok && outcome.replayed };
  }

  async cancel(actor: OrderActor, orderId: string): Promise<Order> {
    const { userId, ...audit } = actor;
    return this.answer(await this.trading.cancelOrder(userId, orderId, 0, audit));
  }

  answer(outcome: Outcome): Order {
    if (!outcome.ok) throw outcome.error;
    return orderDto(outcome.order, this.trading.instrumentOf(outcome.order.instrumentId)!);
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
        const authorisedBy = await this.authoriseCancel(who.userId);
        const order = await this.cancel({ ...who, authorisedBy }, command.data.orderId);
        return { type: 'result', ref, status: 200, order, replayed: false };
      }
      const input = placeOrderSchema.safeParse(command.data.order);
      if (!input.success) throw invalid('body', input.error);
      const authorisedBy = await this.authorisePlace(who.userId, input.data);
      const placed = await this.place({ ...who, authorisedBy }, input.data, command.data.idempotencyKey ?? null);
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

/** 400 VALIDATION_ERROR with the HTTP route's wording: `Invalid request: body.price: <message>`. */
function invalid(context: string, error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    path: [context, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new AppError(400, 'VALIDATION_ERROR', `Invalid request: ${summary}`, { issues });
}
