import { auditPageSchema, auditQuerySchema } from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditEvents } from '../audit/queries';
import { requirePermission } from './guard';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      preHandler: requirePermission('view_audit'),
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first (filters; page with `before`)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listAuditEvents(app.db, request.query),
  );
};

export default auditRoutes;
