import { systemStatusSchema, type SystemStatus } from '@meridian/schemas';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countActiveSessions } from './queries';

/** Order and trade rates are contributed by the trading module once it is registered. */
export type RateProvider = () => number | null;

declare module 'fastify' {
  interface FastifyInstance {
    throughput: { ordersPerSecond: RateProvider; tradesPerSecond: RateProvider };
  }
}

export async function systemStatus(app: FastifyInstance): Promise<SystemStatus> {
  return {
    activeSessions: await countActiveSessions(app.db),
    requestLatencyP50Ms: await app.metrics.p50Ms(),
    ordersPerSecond: app.throughput.ordersPerSecond(),
    tradesPerSecond: app.throughput.tradesPerSecond(),
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
