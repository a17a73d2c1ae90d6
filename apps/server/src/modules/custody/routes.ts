import {
  custodyAssetsSchema,
  custodySettlementsSchema,
  processSettlementsResultSchema,
  custodyTransferResultSchema,
  custodyTransferSchema,
  lineTextSchema,
  toMinorUnits,
  type CustodyTransfer,
} from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { notFound } from '../../errors';
import { requirePermission } from '../access/guard';
import { tradeDate } from '../settlement/calendar';
import { custodySettlements } from '../settlement/queries';
import { processDueSettlements } from '../settlement/service';
import { custodyAssets } from './dashboard';
import { auditContext } from '../audit/context';
import { bookMove } from './moves';

async function holderId(app: FastifyInstance, transfer: CustodyTransfer): Promise<string> {
  const where = transfer.userId ? eq(users.id, transfer.userId) : eq(users.email, transfer.email!.toLowerCase());
  const [user] = await app.db.select({ id: users.id }).from(users).where(where);
  if (!user) throw notFound('Account holder not found');
  return user.id;
}

const idempotencyHeaders = z.object({
  /** A client-chosen key; retrying with it never moves the money twice. */
  'idempotency-key': lineTextSchema({ max: 200 }).pipe(z.string().min(1)).optional(),
});

/** Custodian cash movements (deposits, withdrawals), the custody dashboard and the settlement queue. */
const custodyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/custody/assets',
    {
      preHandler: requirePermission('manage_custody'),
      schema: {
        tags: ['custody'],
        summary:
          'Assets under custody valued in the reporting currency, Security Score factors, controls and risk figures',
        response: { 200: custodyAssetsSchema },
      },
    },
    () =>
      custodyAssets(app.db, {
        simulationMode: app.config.simulationMode,
        insuranceCover: app.config.custodyInsuranceCover,
      }),
  );

  app.get(
    '/api/custody/settlements',
    {
      preHandler: requirePermission('manage_custody'),
      schema: {
        tags: ['custody'],
        summary: 'The settlement queue (pending, processing, failed; by priority) and recent completed settlements',
        response: { 200: custodySettlementsSchema },
      },
    },
    () => custodySettlements(app.db, tradeDate(new Date())),
  );

  app.post(
    '/api/custody/settlements/process',
    {
      preHandler: requirePermission('process_settlements'),
      schema: {
        tags: ['custody'],
        summary: 'Process Queue: settle DvP every settlement due today (failed ones whose retry day has come)',
        response: { 200: processSettlementsResultSchema },
      },
    },
    async (request) => {
      const now = new Date();
      return processDueSettlements(app.db, tradeDate(now), now, {
        actorId: request.user.id,
        actorEmail: request.user.email,
      });
    },
  );

  for (const direction of ['deposits', 'withdrawals'] as const) {
    app.post(
      `/api/custody/${direction}`,
      {
        preHandler: requirePermission('manage_custody'),
        schema: {
          tags: ['custody'],
          summary:
            direction === 'deposits'
              ? 'Credit cash to a user account (Idempotency-Key honoured; a bank reference is booked once)'
              : 'Pay cash out of a user account within its available balance (Idempotency-Key honoured)',
          headers: idempotencyHeaders,
          body: custodyTransferSchema,
          response: { 201: custodyTransferResultSchema },
        },
      },
      async (request, reply) => {
        const { result, replayed } = await bookMove(app.db, {
          actorId: request.user.id,
          direction: direction === 'deposits' ? 'deposit' : 'withdraw',
          holderId: await holderId(app, request.body),
          currency: request.body.currency,
          amount: toMinorUnits(request.body.amount)!,
          reference: request.body.reference ?? null,
          idempotencyKey: request.headers['idempotency-key'] ?? null,
          audit: auditContext(request),
        });
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(result);
      },
    );
  }
};

export default custodyRoutes;
