import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireAuth } from '../modules/auth/guard';

type Hook = NonNullable<RouteOptions['preHandler']>;
type HookFn = Extract<Hook, (...args: never[]) => unknown>;
/** What `requirePermission` returns: the guard, tagged with what it demands. */
export type PermissionGuard = HookFn & { permissionId: string; readsRequest: boolean };

export const isPermissionGuard = (hook: unknown): hook is PermissionGuard =>
  typeof hook === 'function' && typeof (hook as Partial<PermissionGuard>).permissionId === 'string';

const list = (hooks: Hook | undefined): HookFn[] => (hooks === undefined ? [] : ([hooks].flat() as HookFn[]));

/**
 * Routes declare their guards as preHandlers, which Fastify runs after body validation: a
 * signed-out caller (or one without the permission) would learn the validation rules and get
 * 400s where the answer is 401/403. For every guarded route the session check moves before
 * validation, and so does a permission check that does not read the request (amount limits do,
 * and need the validated body).
 */
export function registerGuardsFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const preHandler = list(route.preHandler);
    const guarded = preHandler.some((h) => h === requireAuth || isPermissionGuard(h));
    if (!guarded) return;
    const early = preHandler.filter((h) => h === requireAuth || (isPermissionGuard(h) && !h.readsRequest));
    route.preHandler = preHandler.filter((h) => !early.includes(h));
    route.preValidation = [
      requireAuth as HookFn,
      ...early.filter((h) => h !== requireAuth),
      ...list(route.preValidation),
    ];
  });
}
