import { errorResponseSchema, portfolioAnalyticsQuerySchema, portfolioAnalyticsSchema } from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/guard';
import { sendKeptJson } from '../../fast-serializer';
import { portfolioAnalyticsJson } from './portfolio-queries';

/** The signed-in user's portfolio, valued from ledger balances and trades (see portfolio.ts). */
const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portfolio/analytics',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['portfolio'],
        summary:
          'Portfolio value, P&L (total, realized, today), trades, cash and positions of the signed-in user; totals in the reporting currency (ECB rates)',
        querystring: portfolioAnalyticsQuerySchema,
        response: { 200: portfolioAnalyticsSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(request, reply, await portfolioAnalyticsJson(app.db, request.user.id, request.query.currency)),
  );
};

export default portfolioRoutes;
