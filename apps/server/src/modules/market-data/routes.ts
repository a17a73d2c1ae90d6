import {
  candlesQuerySchema,
  candlesSchema,
  marketDataSchema,
  orderBookQuerySchema,
  orderBookSchema,
  streamMessageSchema,
} from '@meridian/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import { notFound } from '../../errors';
import { sendKeptJson } from '../../fast-serializer';
import { requireAuth } from '../auth/guard';
import { resolveUserCached } from '../auth/session';
import { candles, listedInstruments } from './queries';
import { attachStream, TickerPublisher } from './stream';
import { tickersJson } from './tickers';

const idParams = z.object({ id: z.uuid() });
/**
 * What a stream carries (decision 0092): `market` every public frame plus the caller's own orders;
 * `orders` only the caller's own order frames (and command answers), for an order-entry client
 * that takes no market data and should not pay to receive every trade and book of the market.
 */
const streamQuery = z.object({ feed: z.enum(['market', 'orders']).default('market') });

/** Order books, tickers, candles and the live stream. Registered after the trading module. */
const marketDataRoutes: FastifyPluginAsyncZod = async (app) => {
  // On shutdown clients hear 1001 (going away), not a broken connection, and reconnect to
  // another instance. Registered before the plugin, so it runs before the plugin's own close.
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer?.clients ?? []) client.close(1001, 'Server shutting down');
    done();
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const publisher = new TickerPublisher(app.db, app.trading, app.marketEvents);
  app.addHook('onReady', async () => publisher.start());
  app.addHook('onClose', async () => publisher.stop());

  app.get(
    '/api/instruments/:id/orderbook',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['market-data'],
        summary: 'Aggregated order book (price, quantity, total = price x quantity), best first',
        params: idParams,
        querystring: orderBookQuerySchema,
        response: { 200: orderBookSchema },
      },
    },
    async (request) => {
      const book = await app.trading.depth(request.params.id, request.query.depth);
      if (!book) throw notFound('Instrument not found');
      return { instrumentId: request.params.id, ...book };
    },
  );

  app.get(
    '/api/market-data',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['market-data'],
        summary: 'Per instrument: last, 24h change, best bid/ask, volume, high/low',
        response: { 200: marketDataSchema },
      },
    },
    async (request, reply) => sendKeptJson(request, reply, await tickersJson(app.db, app.trading)),
  );

  app.get(
    '/api/instruments/:id/candles',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['market-data'],
        summary: 'OHLCV candles of real trades (intervals without trades are absent)',
        params: idParams,
        querystring: candlesQuerySchema,
        response: { 200: candlesSchema },
      },
    },
    async (request) => {
      const [instrument] = await listedInstruments(app.db, request.params.id);
      if (!instrument) throw notFound('Instrument not found');
      const { interval, limit } = request.query;
      return { instrumentId: instrument.id, interval, candles: await candles(app.db, instrument.id, interval, limit) };
    },
  );

  app.get(
    '/api/stream',
    {
      websocket: true,
      preHandler: requireAuth,
      schema: {
        tags: ['market-data'],
        summary: 'WebSocket: book, trade, ticker and own order frames (JSON); order entry',
        querystring: streamQuery,
        description:
          'Upgrade with the session cookie. Every text frame is one JSON StreamMessage: `book`, `trade` and ' +
          '`ticker` for every instrument (numbered by `seq` per instrument), `order` for the caller’s own ' +
          'orders only. The server closes with 1001 (going away) when it shuts down; reconnect and resync from REST. ' +
          'Order entry: send a StreamCommand frame (`place` with the POST /api/orders body in `order` and an ' +
          'optional `idempotencyKey`, or `cancel` with `orderId`); it is answered by one StreamCommandAnswer ' +
          'frame with the same `ref`, carrying the status and body the HTTP route would answer with ' +
          '(same validation, place_orders permission and limits, idempotency and audit rows); an order over a ' +
          'supervised role’s limit is answered by a `sent_for_approval` frame (status 202, approvalId), as ' +
          'POST /api/orders answers 202 SUPERVISION_REQUIRED. At most 64 ' +
          'commands in flight per connection (more answer 429). `?feed=orders`: only the caller’s own `order` ' +
          'frames and command answers, no public market frames (for order-entry clients).',
        response: {
          101: {
            description: 'Switching Protocols; then StreamMessage frames',
            content: { 'application/json': { schema: streamMessageSchema } },
          },
        },
      },
    },
    (socket, request) =>
      attachStream(
        socket,
        request.user.id,
        app.marketEvents,
        (text) =>
          // The session is looked up per command (cached as for HTTP): one that ended answers 401.
          app.orderEntry.command(
            text,
            async () => {
              const user = await resolveUserCached(request);
              return user
                ? {
                    userId: user.id,
                    actorId: user.id,
                    actorEmail: user.email,
                    requestId: request.id,
                    clientAddress: request.ip,
                  }
                : null;
            },
            request.log,
          ),
        {
          // The TCP socket under the WebSocket (absent for app.injectWS): a tick's frames in one write.
          wire: request.raw.socket ?? undefined,
          ownOrdersOnly: request.query.feed === 'orders',
        },
      ),
  );
};

// fastify-plugin: the WebSocket support (and app.injectWS for tests) belongs to the whole app.
export default fp(marketDataRoutes, { name: 'market-data', dependencies: ['trading'] });
