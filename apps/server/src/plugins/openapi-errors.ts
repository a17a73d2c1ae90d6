import { errorResponseSchema } from '@meridian/schemas';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requireAuth } from '../modules/auth/guard';
import { isPermissionGuard } from './guards-first';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = NonNullable<TransformInput['schema']> & { response?: Record<string, unknown> };

/** What each error status means on this API; every one answers `{ code, message }` (ARCHITECTURE, Errors). */
export const ERROR_DESCRIPTIONS = {
  400: 'Validation failed: the body, query or path is not what the schema says (`issues` names the fields)',
  401: 'Not signed in, or the session has expired',
  403: 'Signed in without the permission this route needs (the message names it)',
  404: 'No such resource (or not visible to the caller)',
  409: 'Conflicts with the current state (a duplicate, or a change that already happened)',
  422: 'Well-formed but refused by a business rule (limits, balances, state)',
  429: 'Too many requests: try again after the time the message gives',
  500: 'Internal error (no internals are disclosed)',
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const hooksOf = (route: Partial<RouteOptions>) =>
  [route.preValidation, route.preHandler, route.onRequest].flat().filter((hook) => typeof hook === 'function');

/**
 * The error statuses a route can answer, read from how it is declared: schemas that validate
 * input (400), guards (401, 403), path parameters (404), writes (409, 422), a rate limit (429);
 * every route can fail with 500.
 */
export function errorStatusesOf(route: Partial<RouteOptions>, schema: RouteSchema): ErrorStatus[] {
  const hooks = hooksOf(route);
  const methods = [route.method ?? []].flat().map((m) => String(m).toUpperCase());
  const statuses = new Set<ErrorStatus>([500]);
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (hooks.some((hook) => hook === requireAuth || isPermissionGuard(hook))) statuses.add(401);
  if (hooks.some(isPermissionGuard)) statuses.add(403);
  if (schema.params || /:\w/.test(route.url ?? '')) statuses.add(404);
  if (methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) {
    statuses.add(409);
    statuses.add(422);
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The OpenAPI transform: the route's own schemas (fastify-type-provider-zod), plus every error
 * response the route can give that it did not declare itself, each with the shared
 * ErrorResponse schema. Routes stay as declared; only the document gains the error answers.
 */
export const documentedErrorsTransform: typeof jsonSchemaTransform = (input) => {
  const schema = input.schema as RouteSchema | undefined;
  if (!schema || (schema as { hide?: boolean }).hide) return jsonSchemaTransform(input);
  const response: Record<string, unknown> = { ...schema.response };
  for (const status of errorStatusesOf(input.route as Partial<RouteOptions>, schema)) {
    if (response[status] !== undefined) continue;
    response[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: errorResponseSchema } },
    };
  }
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } });
};
