import type { Msg } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, databaseUnavailable } from '../../errors';
import { encodeOutcome, type Reply, type Request } from './remote-wire';
import type { TradingService } from './service';

/**
 * The owner's side of routing (NatsTradingLink.serve): runs every request of one message
 * through the same TradingService methods as a local request (together: a place batch lands
 * in one book batch) and answers them in one reply, same order.
 */
export async function answerRouted(trading: TradingService, msg: Msg, log: FastifyBaseLogger): Promise<void> {
  let requests: Request[];
  try {
    requests = msg.json<Request[]>();
    if (!Array.isArray(requests)) throw new Error('not an array');
  } catch (error) {
    // Nothing to answer item by item: the sender's request fails (its timeout answers 503).
    return log.warn({ err: error }, 'unreadable routed trading request');
  }
  const replies = await Promise.all(requests.map((request) => answerOne(trading, request, log)));
  let text: string;
  try {
    text = JSON.stringify(replies);
  } catch (error) {
    log.error({ err: error }, 'routed trading answer could not be encoded');
    text = JSON.stringify(
      replies.map(() => ({ ok: false, status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' })),
    );
  }
  msg.respond(text);
}

async function answerOne(trading: TradingService, request: Request, log: FastifyBaseLogger): Promise<Reply> {
  try {
    return { ok: true, value: await run(trading, request) };
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, status: error.status, code: error.code, message: error.message, details: error.details };
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      log.warn({ err: error }, 'database unavailable for a routed trading request');
      return { ok: false, status: unavailable.status, code: unavailable.code, message: unavailable.message };
    }
    log.error({ err: error }, 'routed trading request failed');
    return { ok: false, status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' };
  }
}

async function run(trading: TradingService, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'place':
      return encodeOutcome(
        await trading.placeOrder(request.userId, request.input, request.idempotencyKey, request.hops, request.audit),
        trading,
      );
    case 'cancel':
      return encodeOutcome(
        await trading.cancelOrder(request.userId, request.orderId, request.hops, request.audit),
        trading,
      );
    case 'close':
      return trading.closeInstrument(request.instrumentId, request.status, request.hops);
    case 'depth':
      return trading.depth(request.instrumentId, request.levels, request.hops);
  }
}
