import {
  fromMinorUnits,
  myPermissionsSchema,
  permissionValidationSchema,
  toMinorUnits,
  validatePermissionRequestSchema,
} from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireAuth } from '../auth/guard';
import { checkPermission, listMyPermissions } from './service';

const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/role-management/my-permissions',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['access'],
        summary: 'Permissions the signed-in user holds, by source',
        response: { 200: myPermissionsSchema },
      },
    },
    async (request) => listMyPermissions(app.db, request.user.id),
  );

  app.post(
    '/api/role-management/validate-permission',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['access'],
        summary: 'Whether the signed-in user may perform an action (for an amount)',
        body: validatePermissionRequestSchema,
        response: { 200: permissionValidationSchema },
      },
    },
    async (request) => {
      const { permissionId, amount } = request.body;
      const minor = amount === undefined || amount === null ? undefined : toMinorUnits(amount);
      if (minor === null) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid request: body.amount: at most 2 decimals', {
          issues: [{ path: 'body.amount', message: 'At most 2 decimals' }],
        });
      }
      const decision = await checkPermission(app.db, request.user.id, permissionId, minor);
      return {
        hasPermission: decision.hasPermission,
        source: decision.source,
        amountAuthorized: decision.amountAuthorized === null ? null : fromMinorUnits(decision.amountAuthorized),
        conditions: decision.conditions,
        timestamp: new Date().toISOString(),
      };
    },
  );
};

export default accessRoutes;
