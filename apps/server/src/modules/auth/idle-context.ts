import { AsyncLocalStorage } from 'node:async_hooks';

/** Where better-auth keeps its process-wide state, storages included (@better-auth/core context/global). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

/** better-auth calls (handler or api.*) running now, in the whole process: its storages are process-wide. */
let inFlight = 0;

/**
 * better-auth carries each call's state in AsyncLocalStorage instances (request state, endpoint
 * context, database adapter). On Node 20 the first `run` of a storage switches on a promise hook
 * for the whole process that stays on until the storage is disabled: from the first sign-in
 * on, every promise of every request — Fastify's hooks, postgres.js, the order queue — paid for
 * propagating better-auth's store (issue 16 item 7, docs/decisions/0069). Here the storages are
 * disabled whenever no better-auth call is running; the next call's `run` enables them again,
 * so inside a call everything works as before. Nothing else in the server uses these storages
 * (better-auth runs no background work with our options: `runInBackgroundOrAwait` awaits).
 */
export function withIdleContextOff<T extends object>(auth: T): T {
  const wrapped = new Map<PropertyKey, unknown>();
  const api = (auth as { api?: object }).api;
  const apiProxy = api
    ? new Proxy(api, {
        get(target, key, receiver) {
          const value: unknown = Reflect.get(target, key, receiver);
          if (typeof value !== 'function') return value;
          let fn = wrapped.get(key);
          if (!fn) {
            fn = tracked(value as (...args: unknown[]) => unknown);
            wrapped.set(key, fn);
          }
          return fn;
        },
      })
    : undefined;
  let handler: unknown;
  return new Proxy(auth, {
    get(target, key, receiver) {
      if (key === 'api' && apiProxy) return apiProxy;
      const value: unknown = Reflect.get(target, key, receiver);
      if (key === 'handler' && typeof value === 'function')
        return (handler ??= tracked(value as (...args: unknown[]) => unknown));
      return value;
    },
  });
}

/** The same function (properties kept: endpoints carry `path`, `options`), counted while its promise runs. */
function tracked<F extends (...args: unknown[]) => unknown>(fn: F): F {
  return new Proxy(fn, {
    apply(target, thisArg, args) {
      inFlight++;
      let result: unknown;
      try {
        result = Reflect.apply(target, thisArg, args);
      } catch (error) {
        settled();
        throw error;
      }
      if (result instanceof Promise) return result.finally(settled);
      settled();
      return result;
    },
  });
}

function settled(): void {
  if (--inFlight === 0) disableBetterAuthStorages();
}

/** Disables better-auth's storages (a later `run` re-enables one); exported for the test. */
export function disableBetterAuthStorages(): void {
  const global = (globalThis as unknown as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  for (const value of Object.values(global?.context ?? {})) if (value instanceof AsyncLocalStorage) value.disable();
}

/** better-auth calls running now (tests). */
export function betterAuthCallsInFlight(): number {
  return inFlight;
}
