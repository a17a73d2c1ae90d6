import { servicingEventListSchema } from '@meridian/schemas';
import { fromMinorUnits } from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../access/guard';
import { serviceInstruments } from './runner';
import { instrumentEvents } from './service';

/** How often the servicing scheduler looks for due events; a start-up run catches up after downtime. */
const SERVICING_INTERVAL_MS = 60_000;

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
    '/api/servicing/events/:instrumentId',
    {
      preHandler: requirePermission('view_market_data'),
      schema: {
        tags: ['servicing'],
        summary: "An instrument's ACTUS payment events: scheduled, paid, missed or failed",
        params: z.object({ instrumentId: z.uuid() }),
        response: { 200: servicingEventListSchema },
      },
    },
    async (request) => {
      const rows = await instrumentEvents(app.db, request.params.instrumentId);
      return rows.map((r) => ({
        id: r.id,
        eventType: r.eventType,
        eventTime: r.eventTime.toISOString(),
        recordTime: r.recordTime.toISOString(),
        scheduledAmount: signed(r.scheduledAmount),
        status: r.status,
        paidAmount: r.paidAmount === null ? null : fromMinorUnits(r.paidAmount),
        holders: r.holders,
        reason: r.reason,
        processedAt: r.processedAt?.toISOString() ?? null,
      }));
    },
  );
};

const signed = (v: bigint) => fromMinorUnits(v);

export default servicingRoutes;
