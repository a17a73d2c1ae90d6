import { z } from 'zod';
import { bookLevelSchema, tickerSchema } from './market-data';
import { orderSchema, tradeSchema } from './trading';

// The WebSocket `/api/stream`: market frames out, order-entry commands in, their answers out.

/**
 * `seq` numbers an instrument's public frames (book, trade, ticker): anything but last + 1 means
 * frames were missed, resync from REST.
 */
const streamSeq = z.number().int().optional().describe('Per-instrument frame number; a gap means resync from REST');

/** Messages on `/api/stream` (JSON text frames). `order` goes only to its owner. */
export const streamMessageSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('book'),
      instrumentId: z.string(),
      bids: z.array(bookLevelSchema),
      asks: z.array(bookLevelSchema),
      seq: streamSeq,
    }),
    z.object({ type: z.literal('trade'), trade: tradeSchema, seq: streamSeq }),
    z.object({ type: z.literal('ticker'), ticker: tickerSchema, seq: streamSeq }),
    z.object({ type: z.literal('order'), order: orderSchema }),
  ])
  .meta({ id: 'StreamMessage' });
export type StreamMessage = z.infer<typeof streamMessageSchema>;

/** A client's reference for a WebSocket command, echoed in its answer (correlation, not idempotency). */
const commandRef = z.string().min(1).max(100);

/**
 * Order entry over `/api/stream` (issue 16 item 7): one JSON text frame per command. `place`
 * carries the `POST /api/orders` body in `order` (validated by placeOrderSchema, same
 * messages) and the Idempotency-Key as `idempotencyKey`; `cancel` is `DELETE /api/orders/:id`.
 */
export const streamCommandSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('place'),
      ref: commandRef,
      idempotencyKey: z.string().min(1).max(200).optional(),
      order: z.unknown(),
    }),
    z.object({ type: z.literal('cancel'), ref: commandRef, orderId: z.uuid() }),
  ])
  .meta({ id: 'StreamCommand' });
export type StreamCommand = z.infer<typeof streamCommandSchema>;

/**
 * The answer to one command, with the HTTP route's status and body: `result` carries the
 * order (201 placed, 200 cancelled; `replayed` as the `idempotent-replayed` header),
 * `sent_for_approval` the 202 of an order over a supervised role's limit (approval id, message;
 * nothing placed), `error` the error body (code, message, issues). `ref` is null when the frame could not be read.
 */
export const streamCommandAnswerSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('result'),
      ref: commandRef,
      status: z.number().int(),
      order: orderSchema,
      replayed: z.boolean(),
    }),
    // Over a supervised role's limit: not placed, sent to a supervisor (the 202 of POST /api/orders).
    z.object({
      type: z.literal('sent_for_approval'),
      ref: commandRef,
      status: z.literal(202),
      code: z.literal('SUPERVISION_REQUIRED'),
      message: z.string(),
      approvalId: z.string(),
    }),
    z.object({
      type: z.literal('error'),
      ref: commandRef.nullable(),
      status: z.number().int(),
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  ])
  .meta({ id: 'StreamCommandAnswer' });
export type StreamCommandAnswer = z.infer<typeof streamCommandAnswerSchema>;
