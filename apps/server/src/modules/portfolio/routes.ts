import { errorResponseSchema, portfolioAnalyticsQuerySchema, portfolioAnalyticsSchema } from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/guard';
import { fastOkSerializer } from '../../fast-serializer';
import { portfolioAnalytics } from './portfolio-queries';

/** The analytics, built from typed values, written by fast-json-stringify (issue 16 item 8). */
const analyticsAnswers = fastOkSerializer(portfolioAnalyticsSchema);

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
      serializerCompiler: analyticsAnswers as never,
    },
    async (request) => portfolioAnalytics(app.db, request.user.id, request.query.currency),
  );
};

export default portfolioRoutes;
