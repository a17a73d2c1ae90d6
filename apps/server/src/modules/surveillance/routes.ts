import {
  caseAssignSchema,
  caseDetailSchema,
  caseListQuerySchema,
  caseListSchema,
  caseNoteInputSchema,
  caseTransitionSchema,
  errorResponseSchema,
  institutionListSchema,
  marketOverviewSchema,
} from '@meridian/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADVISORY_KEYS, ClusterSingleton } from '../../db/advisory';
import { requirePermission } from '../access/guard';
import { auditContext } from '../audit/context';
import { institutions, marketOverview } from './overview';
import { SurveillanceRunner } from './runner';
import { addCaseNote, assignCase, findCase, listCases, transitionCase } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    surveillance: SurveillanceRunner;
  }
}

const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const caseErrors = { ...errors, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };

const surveillanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const runner = new SurveillanceRunner(app.db, app.log);
  // One instance of a cluster runs the passes (decision 0074): every instance hears every
  // trade (NATS fan-out), and three runners raced for the cursors, each finding its carried
  // windows stale and reading them again from the trades table. Another instance takes over
  // when the leader dies (its advisory lock frees). One process: granted at once.
  const leader = new ClusterSingleton(
    app.database.advisory,
    ADVISORY_KEYS.surveillance,
    {
      start: async () => {
        runner.start(app.marketEvents);
        app.log.info('surveillance runs on this instance');
      },
      stop: () => runner.stop(),
    },
    (error) => app.log.error({ err: error }, 'surveillance failed to start'),
  );
  app.addHook('onReady', async () => leader.start());
  app.addHook('onClose', async () => leader.stop());
  app.decorate('surveillance', runner);

  app.get(
    '/api/regulator/market-overview',
    {
      preHandler: requirePermission('view_regulatory_data'),
      schema: {
        tags: ['regulator'],
        summary: 'Market volume, institutions, compliance rate, market health and oversight figures',
        response: { 200: marketOverviewSchema, ...errors },
      },
    },
    async () => marketOverview(app.db),
  );

  app.get(
    '/api/regulator/institutions',
    {
      preHandler: requirePermission('view_regulatory_data'),
      schema: {
        tags: ['regulator'],
        summary: 'Every registered institution with its 30-day activity, open cases and report record',
        response: { 200: institutionListSchema, ...errors },
      },
    },
    async () => institutions(app.db),
  );

  app.get(
    '/api/surveillance/cases',
    {
      preHandler: requirePermission('investigate_violations'),
      schema: {
        tags: ['surveillance'],
        summary: 'Surveillance cases, newest first (status=open for unresolved)',
        querystring: caseListQuerySchema,
        response: { 200: caseListSchema, ...errors },
      },
    },
    async (request) => listCases(app.db, request.query),
  );

  app.get(
    '/api/surveillance/cases/:id',
    {
      preHandler: requirePermission('investigate_violations'),
      schema: {
        tags: ['surveillance'],
        summary: 'One case with its evidence (orders, trades, timeline) and notes',
        params: idParams,
        response: { 200: caseDetailSchema, ...caseErrors },
      },
    },
    async (request) => findCase(app.db, request.params.id),
  );

  app.post(
    '/api/surveillance/cases/:id/transition',
    {
      preValidation: requirePermission('investigate_violations'),
      schema: {
        tags: ['surveillance'],
        summary: 'Move a case (investigating → under_review → resolved, or reopen) with a note',
        params: idParams,
        body: caseTransitionSchema,
        response: { 200: caseDetailSchema, ...caseErrors },
      },
    },
    async (request) =>
      transitionCase(app.db, auditContext(request), request.params.id, request.body.status, request.body.note),
  );

  app.post(
    '/api/surveillance/cases/:id/notes',
    {
      preValidation: requirePermission('investigate_violations'),
      schema: {
        tags: ['surveillance'],
        summary: 'Add a note to a case',
        params: idParams,
        body: caseNoteInputSchema,
        response: { 200: caseDetailSchema, ...caseErrors },
      },
    },
    async (request) => addCaseNote(app.db, auditContext(request), request.params.id, request.body.body),
  );

  app.post(
    '/api/surveillance/cases/:id/assign',
    {
      preValidation: requirePermission('investigate_violations'),
      schema: {
        tags: ['surveillance'],
        summary: 'Assign a case to an investigator (yourself when no assignee is named)',
        params: idParams,
        body: caseAssignSchema,
        response: { 200: caseDetailSchema, ...caseErrors },
      },
    },
    async (request) =>
      assignCase(app.db, auditContext(request), request.params.id, request.body.assigneeId ?? request.user.id),
  );
};

export default fp(surveillanceRoutes, { name: 'surveillance', dependencies: ['trading'] });
