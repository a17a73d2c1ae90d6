import { healthSchema, readinessSchema } from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERSION } from '../../version';
import { checkReadiness } from './readiness';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const reachable = await app.database.ping();
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { reachable, kind: app.database.kind },
        version: VERSION,
        uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000),
      });
    },
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, every migration applied, engines loaded',
        description: 'A load balancer sends traffic only while this answers 200.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const result = await checkReadiness(app);
      return reply.status(result.ready ? 200 : 503).send(result);
    },
  );
};

export default healthRoutes;
