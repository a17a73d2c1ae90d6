import { systemStatusSchema, type SystemStatus } from '@meridian/schemas';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countActiveSessions } from './queries';

/** Order and trade rates per second, contributed by the trading module once it is registered. */
export type RatesProvider = () => Promise<{ ordersPerSecond: number; tradesPerSecond: number } | null>;

declare module 'fastify' {
  interface FastifyInstance {
    throughput: { rates: RatesProvider };
  }
}

export async function systemStatus(app: FastifyInstance): Promise<SystemStatus> {
  const rates = await app.throughput.rates();
  return {
    activeSessions: await countActiveSessions(app.db),
    requestLatencyP50Ms: await app.metrics.p50Ms(),
    ordersPerSecond: rates?.ordersPerSecond ?? null,
    tradesPerSecond: rates?.tradesPerSecond ?? null,
    uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000),
  };
}

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/system/status',
    {
      schema: {
        tags: ['system'],
        summary: 'Live figures for the System Status card',
        response: { 200: systemStatusSchema },
      },
    },
    async () => systemStatus(app),
  );
};

export default systemRoutes;
