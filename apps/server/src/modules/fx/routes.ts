import {
  CURRENCIES,
  errorResponseSchema,
  fxConversionRequestSchema,
  fxConversionSchema,
  fxRatesQuerySchema,
  fxRatesSchema,
} from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../access/guard';
import { convertOwnCash } from './conversion';
import { referenceVersion } from '../../db/reference-version';
import { fastOkSerializer } from '../../fast-serializer';
import { FX_SOURCE, fxTableAt } from './service';

/** Rates, built from typed values, written by fast-json-stringify (issue 16 item 8). */
const ratesAnswers = fastOkSerializer(fxRatesSchema);

/** Reference FX rates (read-only; the history is seeded from the shipped ECB file). */
const fxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/fx/rates',
    {
      preHandler: requirePermission('view_market_data'),
      schema: {
        tags: ['fx'],
        summary: 'Units of each platform currency per 1 base, latest ECB reference rate on or before asOf',
        querystring: fxRatesQuerySchema,
        response: { 200: fxRatesSchema, 400: errorResponseSchema },
      },
      serializerCompiler: ratesAnswers as never,
    },
    async (request) => {
      const { base, asOf } = request.query;
      const table = await fxTableAt(app.db, await referenceVersion(app.db), asOf);
      const available = CURRENCIES.filter((c) => table.has(c));
      const unavailable = CURRENCIES.filter((c) => !table.has(c));
      const quoteDate = (currency: string) => table.quotes.find((q) => q.currency === currency)?.rateDate;
      const baseDate = quoteDate(base);
      // Before the first publication (or for a base not yet quoted) nothing can be converted.
      const usable = table.quotes.length > 0 && table.has(base);
      const rates = usable
        ? available.map((currency) => ({
            currency,
            rate: table.rateText(base, currency),
            rateDate: laterOf(baseDate, quoteDate(currency)) ?? table.rateDate!,
          }))
        : [];
      return {
        base,
        asOf: asOf ?? null,
        source: FX_SOURCE,
        rates,
        unavailable: usable ? unavailable : [...CURRENCIES],
      };
    },
  );

  app.post(
    '/api/fx/conversions',
    {
      preHandler: requirePermission('manage_funds'),
      schema: {
        tags: ['fx'],
        summary: "Converts the caller's own cash into another currency at the latest ECB reference rate",
        body: fxConversionRequestSchema,
        response: {
          201: fxConversionSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await convertOwnCash(app.db, request.user.id, request.body)),
  );
};

// EUR itself has no publication row; a cross uses the later of its two legs' dates.
function laterOf(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

export default fxRoutes;
