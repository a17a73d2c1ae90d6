import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies, …) on every
 * response. They depend only on the options, so helmet runs ONCE at start-up against a
 * recording response and every request gets the recorded headers: running helmet's eleven
 * middlewares per request cost about 3% of an order request's main-thread CPU
 * (docs/benchmarks.md, bench:orders; issue 16 item 7), and @fastify/helmet, which also
 * rebuilt helmet per request, about 7%.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i]![0], headers[i]![1]);
    done();
  });
}

/** The headers helmet sets for these options, in its order (what it removes, e.g. X-Powered-By, Node never sets). */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const recorded = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      recorded.delete(name);
    },
    getHeader: (name: string) => recorded.get(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...recorded];
}
