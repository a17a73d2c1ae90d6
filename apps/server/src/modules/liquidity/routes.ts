import {
  adjustSpreadsResultSchema,
  adjustSpreadsSchema,
  errorResponseSchema,
  liquidityPoolsSchema,
} from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { requirePermission } from '../access/guard';
import { reportingConverter, REPORTING_CURRENCY } from './reporting';
import { setSpread } from './programmes';
import { liquidityPools } from './service';

/** Market Maker Dashboard data: the quoting programmes and Adjust Spreads. */
const liquidityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/liquidity/pools',
    {
      preHandler: requirePermission('view_market_data'),
      schema: {
        tags: ['liquidity'],
        summary: "The liquidity provider's quoting programmes per instrument with their 24h figures",
        response: { 200: liquidityPoolsSchema },
      },
    },
    async () => {
      const now = new Date();
      return liquidityPools(app.db, now, REPORTING_CURRENCY, await reportingConverter(app.db));
    },
  );

  app.patch(
    '/api/liquidity/pools/spreads',
    {
      preHandler: requirePermission('provide_liquidity'),
      schema: {
        tags: ['liquidity'],
        summary: "Adjust Spreads: set the quoting programme's spread on one instrument or on all",
        body: adjustSpreadsSchema,
        response: { 200: adjustSpreadsResultSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { instrumentId, spreadBp } = request.body;
      const updated = await setSpread(app.db, { instrumentId, halfSpreadBp: spreadBp / 2, updatedBy: request.user.id });
      if (updated === 0) throw notFound('No quoting programme for this instrument');
      return { updated, spreadBp };
    },
  );
};

export default liquidityRoutes;
