import type { RouteOptions } from 'fastify';
import { requireAuth } from '../../modules/auth/guard';
import { isPermissionGuard } from '../../plugins/guards-first';
import type { Access } from './route-access';

/** One API route as registered: `key` is 'METHOD /url' as in route-access.ts. */
export interface ApiRoute {
  key: string;
  method: string;
  url: string;
  options: RouteOptions;
}

/** Collects every /api route (one entry per method) through buildApp's onRoute option. */
export function routeCollector(): { routes: ApiRoute[]; onRoute: (route: RouteOptions) => void } {
  const routes: ApiRoute[] = [];
  return {
    routes,
    onRoute: (options) => {
      if (!options.url.startsWith('/api/')) return;
      for (const method of [options.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ key: `${method} ${options.url}`, method, url: options.url, options });
      }
    },
  };
}

/** The guard a route really carries, read from its hooks. */
export function guardOf(options: RouteOptions): Access {
  const hooks = [options.onRequest, options.preValidation, options.preHandler].flat().filter(Boolean);
  const permission = hooks.find(isPermissionGuard);
  if (permission) return { permission: permission.permissionId };
  return hooks.includes(requireAuth as never) ? 'signed-in' : 'public';
}

/** Whether a permission guard may only run after validation (it reads the request, e.g. an amount). */
export function guardReadsRequest(options: RouteOptions): boolean {
  const hooks = [options.onRequest, options.preValidation, options.preHandler].flat().filter(Boolean);
  return hooks.some((h) => isPermissionGuard(h) && h.readsRequest);
}
