import {
  custodyTransferResultSchema,
  custodyTransferSchema,
  fromMinorUnits,
  toMinorUnits,
  type CustodyTransfer,
} from '@meridian/schemas';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { notFound } from '../../errors';
import { requirePermission } from '../access/guard';
import { cashBalance, depositCash, withdrawCash } from './custody';

async function holderId(app: FastifyInstance, transfer: CustodyTransfer): Promise<string> {
  const where = transfer.userId ? eq(users.id, transfer.userId) : eq(users.email, transfer.email!.toLowerCase());
  const [user] = await app.db.select({ id: users.id }).from(users).where(where);
  if (!user) throw notFound('Account holder not found');
  return user.id;
}

/** Custodian cash movements: deposits into and withdrawals from users' platform accounts. */
const custodyRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const direction of ['deposits', 'withdrawals'] as const) {
    app.post(
      `/api/custody/${direction}`,
      {
        preHandler: requirePermission('manage_custody'),
        schema: {
          tags: ['custody'],
          summary:
            direction === 'deposits'
              ? 'Credit cash to a user account'
              : 'Pay cash out of a user account (within its available balance)',
          body: custodyTransferSchema,
          response: { 201: custodyTransferResultSchema },
        },
      },
      async (request, reply) => {
        const userId = await holderId(app, request.body);
        const amount = toMinorUnits(request.body.amount)!;
        const movement = {
          userId,
          currency: request.body.currency,
          amount,
          reference: request.body.reference ?? `custody:${request.user.id}:${randomUUID()}`,
        };
        const result = await app.db.transaction(async (tx) => {
          const entryId = direction === 'deposits' ? await depositCash(tx, movement) : await withdrawCash(tx, movement);
          return {
            entryId,
            userId,
            currency: movement.currency,
            amount: fromMinorUnits(amount),
            balance: await cashBalance(tx, userId, movement.currency),
          };
        });
        return reply.status(201).send(result);
      },
    );
  }
};

export default custodyRoutes;
