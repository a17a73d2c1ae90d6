import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, carrying the request id (and the user id once the auth guard
 * knows it). API calls log at info; static files and the SPA at debug so they don't drown
 * the API traffic; server errors at error. Every response carries X-Request-Id.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  // Callback-style hooks: no promise per request on every route.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const api = request.url.startsWith('/api/') || request.url === '/metrics';
    const level = reply.statusCode >= 500 ? 'error' : api ? 'info' : 'debug';
    request.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      'request completed',
    );
    done();
  });
}
