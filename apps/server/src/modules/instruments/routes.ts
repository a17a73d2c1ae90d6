import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  actusRejectionSchema,
  errorResponseSchema,
  instrumentDetailSchema,
  instrumentFormSchema,
  instrumentIdParamsSchema,
  instrumentListSchema,
  sentForApprovalSchema,
  toMinorUnits,
} from '@meridian/schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER } from '../../db/cursor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../access/guard';
import { auditContext } from '../audit/context';
import { valueInLimitCurrency } from '../fx/service';
import { requireAuth } from '../auth/guard';
import { byIssuer } from './queries';
import { fastOkSerializer, sendKeptJson } from '../../fast-serializer';
import {
  createInstrument,
  getInstrumentDetail,
  listAllInstrumentsJson,
  listInstruments,
  listInstrumentsPage,
} from './service';

/** The list, built from typed rows, written by fast-json-stringify (issue 16 item 8). */
const listAnswers = fastOkSerializer(instrumentListSchema);

/** Optional keyset paging of the instrument list (absent `limit`: the whole list). */
const INSTRUMENT_PAGE = 100;
const instrumentListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().min(1).max(200).optional(),
});

/**
 * The notional checked against the permission's amount limit (runs before body validation).
 * Limits are in USD: an issue in another currency is valued at the latest ECB reference rate.
 */
async function notionalOf(request: FastifyRequest): Promise<bigint | undefined> {
  const body = request.body as { notionalAmount?: unknown; currency?: unknown } | undefined;
  const currency = body?.currency ?? DEFAULT_CURRENCY;
  // An unknown currency or a malformed amount is for validation to refuse.
  const amount = body?.notionalAmount;
  if (!CURRENCIES.includes(currency as never) || (typeof amount !== 'number' && typeof amount !== 'string'))
    return undefined;
  const notional = toMinorUnits(amount);
  return notional === null ? undefined : valueInLimitCurrency(request.server.db, notional, currency as string);
}

const instrumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/instruments',
    {
      // Permission first: a caller who may not issue learns nothing from validation details.
      preValidation: requirePermission('create_instruments', { amount: notionalOf }),
      schema: {
        tags: ['instruments'],
        summary: 'Issue an ACTUS instrument from the wizard form (terms rebuilt server-side)',
        body: instrumentFormSchema,
        response: {
          201: instrumentDetailSchema,
          202: sentForApprovalSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          422: actusRejectionSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await createInstrument(app.db, request.user.id, request.body, new Date(), 0, auditContext(request));
      return reply.status(201).send(await getInstrumentDetail(app.db, id));
    },
  );

  app.get(
    '/api/instruments',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['instruments'],
        summary: 'All listed instruments with price, yield and 24h volume',
        description: `Newest first. Without \`limit\` and \`cursor\`, every listed instrument. With either (\`limit\` defaults to ${INSTRUMENT_PAGE}), keyset pagination: pass the response's \`${NEXT_CURSOR_HEADER}\` header as \`cursor\` for the next (older) page; the header is absent on the last page.`,
        querystring: instrumentListQuery,
        response: { 200: instrumentListSchema },
      },
      serializerCompiler: listAnswers as never,
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      if (limit === undefined && cursor === undefined)
        return sendKeptJson(request, reply, await listAllInstrumentsJson(app.db));
      const page = await listInstrumentsPage(app.db, { limit: limit ?? INSTRUMENT_PAGE, cursor });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/api/instruments/my',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['instruments'],
        summary: 'Instruments the signed-in user issued',
        response: { 200: instrumentListSchema },
      },
    },
    async (request) => listInstruments(app.db, byIssuer(request.user.id)),
  );

  app.get(
    '/api/instruments/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['instruments'],
        summary: 'One instrument: terms, ACTUS events, price, yield, duration, DV01, holders, next payment',
        params: instrumentIdParamsSchema,
        response: { 200: instrumentDetailSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getInstrumentDetail(app.db, request.params.id),
  );
};

export default instrumentRoutes;
