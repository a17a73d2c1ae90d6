import {
  complianceReportListSchema,
  complianceReportSchema,
  errorResponseSchema,
  generateReportSchema,
} from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { z } from 'zod';
import { notFound } from '../../errors';
import { requirePermission } from '../access/guard';
import { auditContext } from '../audit/context';
import { labelLinkbase, LABEL_FILE, taxonomySchema, TAXONOMY_FILE, TAXONOMY_PATH } from './formats/taxonomy';
import { REPORT_JOB, reportJobHandler } from './generator';
import { findReport, generateReport, listReports, reportFile, reportScope } from './service';
import { openReportFile, reportsDirectory } from './storage';

const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(REPORT_JOB, reportJobHandler(app));
  const directory = reportsDirectory(app.config.dataDir);

  app.post(
    '/api/compliance/reports/generate',
    {
      preValidation: requirePermission('generate_reports'),
      schema: {
        tags: ['compliance'],
        summary: 'Queue a regulatory report (a durable job); poll the report for progress',
        body: generateReportSchema,
        response: { 202: complianceReportSchema, ...errors, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await reportScope(app.db, request.user.id);
      return reply.status(202).send(await generateReport(app, scope, request.body, auditContext(request)));
    },
  );

  app.get(
    '/api/compliance/reports',
    {
      preHandler: requirePermission('view_compliance_reports'),
      schema: {
        tags: ['compliance'],
        summary: "Latest reports of the user's organisation (all for a regulator) and the status counters",
        response: { 200: complianceReportListSchema, ...errors },
      },
    },
    async (request) => listReports(app.db, await reportScope(app.db, request.user.id)),
  );

  app.get(
    '/api/compliance/reports/:id',
    {
      preHandler: requirePermission('view_compliance_reports'),
      schema: {
        tags: ['compliance'],
        summary: 'One report with its status and progress',
        params: idParams,
        response: { 200: complianceReportSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const report = await findReport(app.db, await reportScope(app.db, request.user.id), request.params.id);
      if (!report) throw notFound('Report not found');
      return report;
    },
  );

  app.get(
    '/api/compliance/reports/:id/download',
    {
      preHandler: requirePermission('view_compliance_reports'),
      schema: {
        tags: ['compliance'],
        summary: "A completed report's file (part 'main' unless another part is named)",
        params: idParams,
        querystring: z.object({
          part: z
            .string()
            .regex(/^[a-z_]{1,40}$/)
            .default('main'),
        }),
        response: { 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await reportScope(app.db, request.user.id);
      const file = await reportFile(app.db, scope, request.params.id, request.query.part, auditContext(request));
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Digest', `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`)
        .send(openReportFile(join(directory, file.path)) as never);
    },
  );

  // The platform taxonomy XBRL instances point at (public, like any published taxonomy).
  app.get(
    `${TAXONOMY_PATH}/:file`,
    {
      schema: {
        tags: ['compliance'],
        summary: 'The platform XBRL taxonomy schema and labels',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      if (request.params.file === TAXONOMY_FILE) return reply.type('application/xml').send(taxonomySchema());
      if (request.params.file === LABEL_FILE) return reply.type('application/xml').send(labelLinkbase());
      throw notFound('No such taxonomy file');
    },
  );
};

export default complianceRoutes;
