import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { Gauge } from 'prom-client';
import { selectRows } from '../../db/client';

/**
 * Prometheus scrape endpoint at `/metrics` (outside /api by convention). Protected by a bearer
 * token when METRICS_TOKEN is set; figures are operational, never per user.
 */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { metrics } = app;
  new Gauge({
    name: 'meridian_orders_per_second',
    help: 'Orders accepted per second (trading engine, recent window)',
    registers: [metrics.registry],
    async collect() {
      this.set((await app.throughput.rates())?.ordersPerSecond ?? 0);
    },
  });
  new Gauge({
    name: 'meridian_trades_per_second',
    help: 'Trades executed per second (trading engine, recent window)',
    registers: [metrics.registry],
    async collect() {
      this.set((await app.throughput.rates())?.tradesPerSecond ?? 0);
    },
  });
  new Gauge({
    name: 'meridian_job_queue_depth',
    help: 'Durable jobs by kind and status (pending = waiting, processing = claimed)',
    labelNames: ['kind', 'status'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      const rows = await selectRows<{ kind: string; status: string; n: number }>(
        app.db,
        sql`select kind, status, count(*)::int as n from jobs where status in ('pending', 'processing') group by kind, status`,
      );
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (token && request.headers.authorization !== `Bearer ${token}`) {
      return reply.status(401).send({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    }
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
};

export default metricsRoutes;
