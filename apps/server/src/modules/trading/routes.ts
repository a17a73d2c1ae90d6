import {
  myTradeListSchema,
  orderListSchema,
  orderSchema,
  placeOrderSchema,
  sentForApprovalSchema,
  tradeListSchema,
} from '@meridian/schemas';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../access/guard';
import { auditContext } from '../audit/context';
import { checkPermission } from '../access/service';
import { requireAuth } from '../auth/guard';
import { LocalEventBus, type MarketEventBus } from '../market-data/event-bus';
import { LIST_LIMIT, listMyTrades, listOrders, listTrades, type Page } from './queries';
import { NEXT_CURSOR_HEADER } from '../../db/cursor';
import { TradingService } from './service';
import { NatsEventBus } from '../market-data/nats-bus';
import { LeaseOwnership } from './lease-ownership';
import { memberName } from './members';
import { SoloOwnership } from './ownership';
import { NatsTradingLink } from './remote';
import { ThroughputMeter } from './throughput';
import { fastSerializer } from '../../fast-serializer';
import { OrderEntry } from './order-entry';

declare module 'fastify' {
  interface FastifyInstance {
    trading: TradingService;
    marketEvents: MarketEventBus;
    /** Order entry shared by the HTTP routes and the WebSocket (`/api/stream` commands). */
    orderEntry: OrderEntry;
  }
}

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(LIST_LIMIT),
  /** The `x-next-cursor` header of the previous page: continues with the older rows after it. */
  cursor: z.string().min(1).max(200).optional(),
});
const PAGED = ` Keyset pagination: pass the response's \`${NEXT_CURSOR_HEADER}\` header as \`cursor\` for the next (older) page; the header is absent on the last page.`;

/** Sends a page: its rows as the body, the next page's cursor as a header. */
function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}
const idempotencyHeaders = z.object({
  /** A client-chosen key; retrying with it never creates a second order. */
  'idempotency-key': z.string().min(1).max(200).optional(),
});

/** Order answers are written by fast-json-stringify, not re-validated by zod (see fastSerializer). */
const orderSerializer = fastSerializer(orderSchema);

/** The order answer (2xx) by the compiled serialiser; every other status (errors) as the app does. */
type SerializerRoute = Parameters<typeof serializerCompiler>[0];
// Orders (200, 201) by the fast serializer; the 202 of an order sent for approval by its schema.
const orderAnswers = (route: SerializerRoute) =>
  route.httpStatus === '200' || route.httpStatus === '201' ? orderSerializer : serializerCompiler(route);

/**
 * Answer header naming the instance (its INSTANCE_NAME) that owns the order's book; a client may
 * send it back as `meridian-route` and the front door routes by it (decision 0085, deploy/).
 */
export const OWNER_HEADER = 'meridian-owner';

const tradingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shared with market-data (book endpoint, stream) and the liquidity provider, hence fastify-plugin.
  // On PostgreSQL each book has one fenced writer (leases); NATS, when configured, routes
  // orders to it and fans market events out to every instance (docs/decisions 0029).
  const ownership =
    app.database.kind === 'postgres'
      ? new LeaseOwnership(app.db, {
          leaseMs: app.config.clusterLeaseMs,
          name: app.config.instanceName,
          log: app.log,
        })
      : new SoloOwnership();
  const nats = app.config.natsUrl ? await NatsTradingLink.open(app.config.natsUrl, ownership.instanceId) : null;
  const bus: MarketEventBus = nats
    ? new NatsEventBus(nats, ownership.instanceId, app.log, app.config.natsSubjectPrefix)
    : new LocalEventBus();
  app.decorate('marketEvents', bus);
  app.decorate('trading', new TradingService(app.db, app.marketEvents, app.log, ownership, app.database.bookWriter));
  const entry = new OrderEntry(app.db, app.trading);
  // The owner hint (decision 0085): named instances in a cluster tell the client which of them
  // trades the book, so a front door can send its next orders there instead of through NATS.
  const ownerHints = ownership.clustered && nats !== null && app.config.instanceName !== undefined;
  app.decorate('orderEntry', entry);
  // A routed message to an owner paused for a lease is failed then, not at the NATS timeout (decision 0084).
  const stalledAfterMs = ownership instanceof LeaseOwnership ? ownership.leaseMs : undefined;
  const link = nats ? NatsTradingLink.serve(nats, app.trading, app.log, { stalledAfterMs }) : null;
  const meter = new ThroughputMeter(app.db);
  app.throughput.rates = meter.rates;
  app.addHook('onReady', async () => {
    if (bus instanceof NatsEventBus) bus.start();
    await app.trading.start();
    await meter.start();
  });
  app.addHook('onClose', async () => {
    await meter.settled();
    await app.trading.stop();
    await link?.stop();
    if (bus instanceof NatsEventBus) bus.stop();
    await nats?.drain().catch(() => undefined);
  });

  app.post(
    '/api/orders',
    {
      // The same guardDecision as entry.authorisePlace (WebSocket orders): place_orders for the notional;
      // over a supervised role's limit, 202 sent for approval on both.
      preHandler: requirePermission('place_orders', {
        amount: (request) => app.trading.notionalInLimitCurrency(request.body as never),
      }),
      schema: {
        tags: ['trading'],
        summary: 'Place a buy or sell order (limit or market); acknowledged after it committed',
        headers: idempotencyHeaders,
        body: placeOrderSchema,
        response: { 201: orderSchema, 202: sentForApprovalSchema },
      },
      serializerCompiler: orderAnswers as never,
      // Answers are a few hundred bytes, under the compression threshold: skip the onSend hook.
      compress: false,
    },
    async (request, reply) => {
      const { order, replayed } = await entry.placeAs(
        request.user.id,
        auditContext(request),
        request.body,
        request.headers['idempotency-key'] ?? null,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      if (ownerHints) {
        const owner = app.trading.lastOwnerOf(request.body.instrumentId);
        if (owner) reply.header(OWNER_HEADER, memberName(owner));
      }
      return reply.status(201).send(order);
    },
  );

  app.delete(
    '/api/orders/:id',
    {
      preHandler: requirePermission('place_orders'),
      schema: {
        tags: ['trading'],
        summary: 'Cancel one of your open orders',
        params: z.object({ id: z.uuid() }),
        response: { 200: orderSchema },
      },
      serializerCompiler: orderAnswers as never,
      compress: false,
    },
    async (request) => entry.cancel({ userId: request.user.id, ...auditContext(request) }, request.params.id),
  );

  app.get(
    '/api/orders',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['trading'],
        summary:
          'Orders you may see, newest first: your own; with view_regulatory_data every order and its owner (userId).' +
          PAGED,
        querystring: listQuery,
        response: { 200: orderListSchema },
      },
    },
    // Who placed what is supervision data (docs/decisions "order visibility"): the public view
    // of the market is the book's price levels and the trade tape, never other users' order ids.
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const supervisor = (await checkPermission(app.db, request.user.id, 'view_regulatory_data')).hasPermission;
      return sendPage(
        reply,
        supervisor
          ? await listOrders(app.db, { limit, cursor, withOwner: true })
          : await listOrders(app.db, { userId: request.user.id, limit, cursor }),
      );
    },
  );

  app.get(
    '/api/orders/my',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['trading'],
        summary: 'Your orders, newest first.' + PAGED,
        querystring: listQuery,
        response: { 200: orderListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listOrders(app.db, { userId: request.user.id, ...request.query })),
  );

  app.get(
    '/api/trades',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['trading'],
        summary: 'Most recent trades in the market, newest first.' + PAGED,
        querystring: listQuery.extend({ instrumentId: z.uuid().optional() }),
        response: { 200: tradeListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listTrades(app.db, request.query)),
  );

  app.get(
    '/api/trades/my',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['trading'],
        summary: 'Your trades, newest first.' + PAGED,
        querystring: listQuery,
        response: { 200: myTradeListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listMyTrades(app.db, request.user.id, request.query)),
  );
};

export default fp(tradingRoutes, { name: 'trading' });
