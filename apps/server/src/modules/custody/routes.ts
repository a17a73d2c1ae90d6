import {
  custodyAssetsSchema,
  custodySettlementsSchema,
  processSettlementsResultSchema,
  custodyApprovalSchema,
  custodyCountersignResultSchema,
  custodyPendingMoveSchema,
  processSettlementsPendingSchema,
  custodyTransferResultSchema,
  custodyTransferSchema,
  decideApprovalSchema,
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
import { custodyAssets } from './dashboard';
import { auditContext } from '../audit/context';
import { countersign, pendingCustodyApprovals, requestProcessQueue } from './countersign';
import { requestMove } from './move-approvals';

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
        summary:
          'Process Queue: settle DvP every settlement due today (failed ones whose retry day has come); ' +
          'under dual control (the department requires it, or the batch is over the process_settlements limit) ' +
          'the batch waits for a second custodian to confirm it (202)',
        response: { 200: processSettlementsResultSchema, 202: processSettlementsPendingSchema },
      },
    },
    async (request, reply) => {
      const outcome = await requestProcessQueue(app.db, request.user.id, request.user.email, auditContext(request));
      return outcome.kind === 'processed'
        ? reply.status(200).send(outcome.result)
        : reply.status(202).send(outcome.pending);
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
              ? 'Credit cash to a user account (Idempotency-Key honoured; a bank reference is booked once); ' +
                'over the single-signature limit it waits for a second custodian (202)'
              : 'Pay cash out of a user account within its available balance (Idempotency-Key honoured); ' +
                'over the single-signature limit it waits for a second custodian (202)',
          headers: idempotencyHeaders,
          body: custodyTransferSchema,
          response: { 201: custodyTransferResultSchema, 202: custodyPendingMoveSchema },
        },
      },
      async (request, reply) => {
        const outcome = await requestMove(app.db, {
          actorId: request.user.id,
          direction: direction === 'deposits' ? 'deposit' : 'withdraw',
          holderId: await holderId(app, request.body),
          currency: request.body.currency,
          amount: toMinorUnits(request.body.amount)!,
          reference: request.body.reference ?? null,
          idempotencyKey: request.headers['idempotency-key'] ?? null,
          audit: auditContext(request),
        });
        const replayed = outcome.kind === 'booked' ? outcome.answer.replayed : outcome.replayed;
        if (replayed) reply.header('idempotent-replayed', 'true');
        return outcome.kind === 'booked'
          ? reply.status(201).send(outcome.answer.result)
          : reply.status(202).send(outcome.pending);
      },
    );
  }

  app.get(
    '/api/custody/approvals',
    {
      preHandler: requirePermission('manage_custody'),
      schema: {
        tags: ['custody'],
        summary:
          'Custody actions waiting for a second custodian: deposits and withdrawals over the single-signature ' +
          'limit, Process Queue batches under dual control',
        response: { 200: z.array(custodyApprovalSchema) },
      },
    },
    (request) => pendingCustodyApprovals(app.db, request.user.id),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/custody/approvals/:id/${decision}`,
      {
        preHandler: requirePermission('manage_custody'),
        schema: {
          tags: ['custody'],
          summary:
            decision === 'approve'
              ? 'Second signature on a pending custody action (not its requester): the move books or the batch settles now'
              : 'Reject a pending custody action: nothing moves',
          params: z.object({ id: z.uuid() }),
          body: decideApprovalSchema.nullish(),
          response: { 200: custodyCountersignResultSchema },
        },
      },
      async (request) =>
        countersign(
          app.db,
          request.params.id,
          request.user.id,
          request.user.email,
          decision,
          request.body?.comment,
          auditContext(request),
        ),
    );
  }
};

export default custodyRoutes;
