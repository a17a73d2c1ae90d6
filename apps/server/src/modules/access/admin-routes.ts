import {
  approvalSchema,
  assignmentSchema,
  createBadgeSchema,
  ledgerConfigSchema,
  roleBadgeSchema,
  assignResultSchema,
  assignRoleSchema,
  createDepartmentSchema,
  createRoleSchema,
  decideApprovalSchema,
  departmentSchema,
  elevationRequestSchema,
  elevationResultSchema,
  errorResponseSchema,
  requestElevationSchema,
  roleSchema,
  systemPermissionSchema,
  userSummarySchema,
} from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors';
import { requireAuth } from '../auth/guard';
import { auditContext } from '../audit/context';
import { createDepartment, createRole, listDepartments, listRoles, listSystemPermissions } from './admin-catalogue';
import { assignRole, listAssignments, revokeAssignment, searchUsers } from './assignments';
import { type BadgeMode, createStakeholderBadge, listMyBadges } from './badges';
import { approvalForElevation, decide, expireLapsed, listPendingApprovals } from './decisions';
import { listElevationRequests, requestElevation } from './elevations';
import { requirePermission } from './guard';
import { checkPermission } from './service';

const BASE = '/api/role-management';
const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const idParams = z.object({ id: z.uuid('Unknown id') });
/** The sweep marks lapsed rows; the guard already refuses them from their expiry instant. */
const EXPIRY_SWEEP_MS = 30_000;

const roleManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['role-management'];
  const manageDepartments = requirePermission('manage_departments');
  const manageRoles = requirePermission('manage_roles');
  const approve = requirePermission('approve_elevations');
  const badgeMode: BadgeMode = { simulation: app.config.simulationMode };

  app.get(
    `${BASE}/departments`,
    {
      preHandler: manageDepartments,
      schema: { tags, summary: 'Departments', response: { 200: z.array(departmentSchema) } },
    },
    async () => listDepartments(app.db),
  );
  app.post(
    `${BASE}/departments`,
    {
      preHandler: manageDepartments,
      schema: {
        tags,
        summary: 'Create a department',
        body: createDepartmentSchema,
        response: { 201: departmentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDepartment(app.db, request.body, auditContext(request))),
  );
  app.get(
    `${BASE}/roles`,
    { preHandler: manageRoles, schema: { tags, summary: 'Roles', response: { 200: z.array(roleSchema) } } },
    async () => listRoles(app.db),
  );
  app.post(
    `${BASE}/roles`,
    {
      preHandler: manageRoles,
      schema: { tags, summary: 'Create a role', body: createRoleSchema, response: { 201: roleSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createRole(app.db, request.body, auditContext(request))),
  );
  app.get(
    `${BASE}/permissions`,
    {
      preHandler: requireAuth,
      schema: { tags, summary: 'The permission catalogue', response: { 200: z.array(systemPermissionSchema) } },
    },
    async () => listSystemPermissions(app.db),
  );
  app.get(
    `${BASE}/assignments`,
    {
      preHandler: manageRoles,
      schema: { tags, summary: 'Active role assignments', response: { 200: z.array(assignmentSchema) } },
    },
    async () => listAssignments(app.db),
  );
  app.get(
    `${BASE}/users`,
    {
      preHandler: manageRoles,
      schema: {
        tags,
        summary: 'Users to pick for an assignment',
        querystring: z.object({ q: z.string().max(100).optional() }),
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request) => searchUsers(app.db, request.query.q),
  );
  app.post(
    `${BASE}/assign`,
    {
      preHandler: manageRoles,
      schema: {
        tags,
        summary: 'Assign a role (pending approval in dual-control departments)',
        body: assignRoleSchema,
        response: { 200: assignResultSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request) => assignRole(app.db, request.body, request.user.id, auditContext(request), badgeMode),
  );
  app.delete(
    `${BASE}/assignments/:id`,
    {
      preHandler: manageRoles,
      schema: { tags, summary: 'Revoke a role assignment', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await revokeAssignment(app.db, request.params.id, request.user.id, auditContext(request));
      return reply.status(204).send(null);
    },
  );
  app.get(
    `${BASE}/elevation-requests`,
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Elevation requests (all for approvers, otherwise one's own)",
        response: { 200: z.array(elevationRequestSchema) },
      },
    },
    async (request) => {
      const approver = (await checkPermission(app.db, request.user.id, 'approve_elevations')).hasPermission;
      return listElevationRequests(app.db, approver ? undefined : request.user.id);
    },
  );
  app.post(
    `${BASE}/request-elevation`,
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Request a temporary permission elevation',
        body: requestElevationSchema,
        response: { 200: elevationResultSchema, ...errors },
      },
    },
    async (request) =>
      requestElevation(app.db, request.body, request.user, { ...auditContext(request), authorisedBy: 'session' }),
  );
  app.get(
    `${BASE}/approvals/pending`,
    {
      preHandler: approve,
      schema: { tags, summary: 'Approvals waiting for a decision', response: { 200: z.array(approvalSchema) } },
    },
    async (request) => listPendingApprovals(app.db, request.user.id),
  );
  for (const decision of ['approve', 'reject'] as const) {
    const summary = `${decision === 'approve' ? 'Approve' : 'Reject'} (as one of its distinct approvers)`;
    app.post(
      `${BASE}/approvals/:id/${decision}`,
      {
        preHandler: approve,
        schema: {
          tags,
          summary: `${summary} an approval`,
          params: idParams,
          body: decideApprovalSchema.nullish(),
          response: { 200: approvalSchema, ...errors },
        },
      },
      async (request) =>
        decide(
          app.db,
          request.params.id,
          request.user.id,
          decision,
          request.body?.comment,
          auditContext(request),
          badgeMode,
        ),
    );
    app.post(
      `${BASE}/elevation-requests/:id/${decision}`,
      {
        preHandler: approve,
        schema: {
          tags,
          summary: `${summary} an elevation request`,
          params: idParams,
          body: decideApprovalSchema.nullish(),
          response: { 200: approvalSchema, ...errors },
        },
      },
      async (request) => {
        const approvalId = await approvalForElevation(app.db, request.params.id);
        return decide(
          app.db,
          approvalId,
          request.user.id,
          decision,
          request.body?.comment,
          auditContext(request),
          badgeMode,
        );
      },
    );
  }

  app.get(
    '/api/radix/config',
    {
      schema: {
        tags: ['radix'],
        summary: 'Ledger connection settings for the browser (SIMULATION_MODE at run time)',
        response: { 200: ledgerConfigSchema },
      },
    },
    async () => ({
      simulationMode: app.config.simulationMode,
      networkId: app.config.radix?.networkId ?? null,
      dAppDefinitionAddress: app.config.radix?.dAppDefinitionAddress ?? null,
    }),
  );
  app.post(
    '/api/radix/create-badge',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['radix'],
        summary: 'Issue the role badge of a role the caller holds (simulated in simulation mode)',
        body: createBadgeSchema,
        response: { 201: roleBadgeSchema, 503: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, roleId, badgeType, metadata, accountAddress } = request.body;
      if (userId !== undefined && userId !== request.user.id)
        throw forbidden('A badge can only be created for yourself');
      const badge = await createStakeholderBadge(
        app.db,
        request.user.id,
        { roleId, badgeType, roleName: metadata.roleName, description: metadata.description, accountAddress },
        badgeMode,
        { ...auditContext(request), authorisedBy: `role ${roleId} (assignment)` },
      );
      return reply.status(201).send(badge);
    },
  );

  app.get(
    '/api/radix/badges',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['radix'],
        summary: "The caller's role badges (role_badges), newest first",
        response: { 200: z.array(roleBadgeSchema), ...errors },
      },
    },
    async (request) => listMyBadges(app.db, request.user.id),
  );

  if (app.config.nodeEnv !== 'test') {
    const timer = setInterval(() => {
      expireLapsed(app.db).catch((error: unknown) => app.log.error({ err: error }, 'access expiry sweep failed'));
    }, EXPIRY_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};

export default roleManagementRoutes;
