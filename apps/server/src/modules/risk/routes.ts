import {
  capitalBaseSchema,
  capitalBaseUpdateSchema,
  errorResponseSchema,
  riskLimitUpdateSchema,
  riskMetricsQuerySchema,
  riskMetricsSchema,
  stressRequestSchema,
  stressResponseSchema,
  type RiskScope,
} from '@meridian/schemas';
import { scenarioProblem, SHOCK_TENORS, type Scenario } from '@meridian/risk';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { cachedCandidates } from '../access/decision-cache';
import { requirePermission } from '../access/guard';
import { decidePermission } from '../access/resolve';
import { setCapitalBase, setLimit } from './limits';
import type { ScopeTarget } from './positions';
import { loadFxTable } from '../fx/service';
import { stressFigures } from './compute';
import { computePortfolio, reportingMoney, riskMetrics, stressCapital, stressRow } from './service';

const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);

async function organisationOf(request: FastifyRequest): Promise<string | null> {
  const [row] = await selectRows<{ organisation_id: string | null }>(
    request.server.db,
    sql`select organisation_id from users where id = ${request.user.id}`,
  );
  return row?.organisation_id ?? null;
}

async function holds(request: FastifyRequest, permissionId: string): Promise<boolean> {
  return decidePermission(await cachedCandidates(request.server.db, request.user.id, permissionId)).hasPermission;
}

/** own: any holder of view_risk_metrics; organisation: a member; market: regulator/compliance. */
async function targetOf(request: FastifyRequest, scope: RiskScope): Promise<ScopeTarget> {
  const organisationId = await organisationOf(request);
  if (scope === 'organisation' && !organisationId) throw badRequest('You do not belong to an organisation');
  if (
    scope === 'market' &&
    !(await holds(request, 'view_regulatory_data')) &&
    !(await holds(request, 'view_compliance_reports'))
  )
    throw forbidden('Missing permission: view_regulatory_data');
  return { scope, userId: request.user.id, organisationId };
}

const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/risk/metrics',
    {
      preHandler: requirePermission('view_risk_metrics'),
      schema: {
        tags: ['risk'],
        summary:
          'VaR/ES, DV01/CS01, rating, exposure, limits and alerts, capital, stress, backtesting, performance and history of a portfolio, in the reporting currency (USD default)',
        querystring: riskMetricsQuerySchema,
        response: {
          200: riskMetricsSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    // Own portfolio: the version query reads the caller's organisation (one statement when cached).
    async (request) =>
      riskMetrics(
        app.db,
        request.query.scope === 'own'
          ? { scope: 'own', userId: request.user.id }
          : await targetOf(request, request.query.scope),
        request.query.currency,
      ),
  );

  app.post(
    '/api/risk/stress',
    {
      preHandler: requirePermission('run_stress_tests'),
      schema: {
        tags: ['risk'],
        summary: 'Runs a custom stress scenario on a portfolio by full revaluation',
        body: stressRequestSchema,
        response: {
          200: stressResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const target = await targetOf(request, body.scope);
      const money = reportingMoney(await loadFxTable(app.db), body.currency);
      const computed = await computePortfolio(app.db, target);
      const { figures } = computed;
      const usdMove = body.usdMovePercent / 100;
      const scenario: Scenario = {
        name: body.name,
        rateShiftBp: Array.isArray(body.rateShiftBp)
          ? body.rateShiftBp
          : SHOCK_TENORS.map(() => body.rateShiftBp as number),
        spreadShiftBp: Object.fromEntries(
          ['AAA-AA', 'A', 'BBB', 'BB', 'B', 'CCC-D', 'unrated'].map((b) => [b, body.spreadShiftBp]),
        ),
        // USD up x % = every other currency worth 1/(1+x) − 1 in USD.
        fxReturn: Object.fromEntries(
          figures.compiled.currencies.filter((c) => c !== 'USD').map((c) => [c, 1 / (1 + usdMove) - 1]),
        ),
        equityReturn: body.equityMovePercent / 100,
      };
      const problem = usdMove <= -1 ? 'usdMovePercent must be above −100' : scenarioProblem(scenario);
      if (problem) throw badRequest(problem);
      // Revalued, measured against capital and judged exactly as the predefined scenarios are.
      const [figure] = stressFigures(figures.compiled, [{ scenario, note: null }]);
      const capital = await stressCapital(app.db, target, computed);
      return {
        reportingCurrency: body.currency,
        result: stressRow(figure!, capital, money.amount),
        notPriced: figures.compiled.notPriced.map((n) => ({ instrumentId: n.id, name: n.name, reason: n.reason })),
      };
    },
  );

  app.put(
    '/api/risk/limits',
    {
      preHandler: requirePermission('manage_risk_limits'),
      schema: {
        tags: ['risk'],
        summary: "Sets one of the caller's organisation risk limits (audited)",
        body: riskLimitUpdateSchema,
        response: {
          200: z.object({ kind: z.string(), limit: z.number() }),
          400: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const organisationId = await organisationOf(request);
      if (!organisationId) throw badRequest('You do not belong to an organisation');
      await setLimit(app.db, organisationId, request.body.kind, request.body.limit, request.user.id);
      return request.body;
    },
  );

  app.put(
    '/api/risk/capital',
    {
      preHandler: requirePermission('manage_risk_limits'),
      schema: {
        tags: ['risk'],
        summary: "Sets the caller's organisation regulatory capital base (CET1, AT1, Tier 2; USD; audited)",
        body: capitalBaseUpdateSchema,
        response: {
          200: capitalBaseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const organisationId = await organisationOf(request);
      if (!organisationId) throw badRequest('You do not belong to an organisation');
      const [org] = await selectRows<{ name: string }>(
        app.db,
        sql`select name from organisations where id = ${organisationId}`,
      );
      const saved = await setCapitalBase(app.db, organisationId, request.body, request.user.id);
      return { organisation: org?.name ?? '', currency: 'USD' as const, ...saved };
    },
  );
};

export default riskRoutes;
