import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Origins allowed to send state-changing requests: the public URL, localhost on our port, extras. */
export function allowedOrigins(config: Config): string[] {
  return [
    new URL(config.publicUrl).origin,
    `http://localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
    ...config.trustedOrigins,
  ];
}

/** The origin the request was addressed to, as seen in its Host header. */
function ownOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : undefined;
}

/**
 * CSRF defence for cookie sessions: a browser always sends Origin on state-changing
 * requests, so a foreign Origin (or a cross-site fetch without one) is refused.
 * Clients that are not browsers send no Origin and are let through. WebSocket handshakes
 * are checked the same way (cross-site WebSocket hijacking).
 */
export function isOriginAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  // A WebSocket handshake is a GET, but it opens a channel carrying the user's session.
  const isWebSocket = request.headers.upgrade?.toLowerCase() === 'websocket';
  if (SAFE_METHODS.has(request.method) && !isWebSocket) return true;
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site';
  return origin === ownOrigin(request) || allowed.includes(origin);
}

export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const allowed = allowedOrigins(config);
  // Callback style (no promise per request); a refusal answers and does not call done.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || isOriginAllowed(request, allowed)) return done();
    void reply.status(403).send({ code: 'FORBIDDEN', message: 'Cross-origin request refused' });
  });
}
