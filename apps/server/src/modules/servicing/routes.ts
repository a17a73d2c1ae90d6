import {
  errorResponseSchema,
  instrumentEventsSchema,
  instrumentIdParamsSchema,
  servicingPaymentListSchema,
} from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { requireAuth } from '../auth/guard';
import { serviceInstruments } from './runner';
import { instrumentEventsView, myServicingPayments } from './views';

/** How often the servicing scheduler looks for due events; a start-up run catches up after downtime. */
const SERVICING_INTERVAL_MS = 60_000;
/** Default length of the payments list (Recent Transactions shows fewer). */
const PAYMENTS_LIMIT = 50;

const servicingRoutes: FastifyPluginAsyncZod = async (app) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= serviceInstruments(app, new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'servicing run failed'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, SERVICING_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });

  app.get(
    '/api/instruments/:id/events',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['servicing'],
        summary:
          "An instrument's payment events: each ACTUS payment date, scheduled vs paid to holders (journal), missed or failed, and your own share",
        params: instrumentIdParamsSchema,
        response: { 200: instrumentEventsSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const view = await instrumentEventsView(app.db, request.params.id, request.user.id);
      if (!view) throw notFound('Instrument not found');
      return view;
    },
  );

  app.get(
    '/api/servicing/payments/my',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['servicing'],
        summary:
          'Coupons, redemptions, dividends and other servicing payments you received or were missed, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(PAYMENTS_LIMIT) }),
        response: { 200: servicingPaymentListSchema },
      },
    },
    async (request) => myServicingPayments(app.db, request.user.id, request.query.limit),
  );
};

export default servicingRoutes;
