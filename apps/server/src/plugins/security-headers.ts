import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies, …) on every
 * response. The middleware is built ONCE: @fastify/helmet builds a new helmet instance
 * per request (parsing the CSP directives each time), which cost about 7% of the CPU of
 * an order request under load (docs/benchmarks.md, bench:orders).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
