import { authUserSchema, errorResponseSchema, signInSchema } from '@meridian/schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors';
import { recordAudit } from '../audit/record';
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID } from './auth';
import { resolveUser } from './session';
import { forgetSession, sessionKey } from './session-cache';

const SIGN_IN_PAGE = '/sign-in';
// Headers that describe the body better-auth produced; Fastify sets its own.
const SKIPPED_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding']);

/** Hands a request to better-auth and copies its response (status, headers, cookies, body) back. */
async function forwardToAuth(request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  forgetEndedSessions(request, url.pathname);
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  const headers = fromNodeHeaders(request.headers);
  // The body is re-serialized (validated fields only), so the original length no longer holds.
  headers.delete('content-length');
  const response = await request.server.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  // Again after the session row is gone: a request racing the sign-out may have cached it.
  forgetEndedSessions(request, url.pathname);
  const text = await response.text();
  const signedIn = response.ok && url.pathname.startsWith(`${AUTH_BASE_PATH}/sign-in/`) ? sessionUserOf(text) : null;
  // Before the cookie is handed out: a sign-in that cannot be audited does not complete.
  if (signedIn) await recordSessionEvent(request, 'auth.sign_in', signedIn);
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (!SKIPPED_HEADERS.has(key)) reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return reply.send(text.length > 0 ? (isJson ? withoutTokens(text) : text) : null);
}

/** The user better-auth answers a successful sign-in with, if the body names one. */
function sessionUserOf(json: string): { id: string; email: string } | null {
  try {
    const user = (JSON.parse(json) as { user?: { id?: unknown; email?: unknown } }).user;
    return typeof user?.id === 'string' && typeof user.email === 'string' ? { id: user.id, email: user.email } : null;
  } catch {
    return null;
  }
}

/** Sign-in and sign-out rows of the audit trail (authorised by the credentials or the session). */
async function recordSessionEvent(
  request: FastifyRequest,
  action: 'auth.sign_in' | 'auth.sign_out',
  user: { id: string; email: string },
) {
  await request.server.db.transaction((tx) =>
    recordAudit(tx, {
      action,
      actorId: user.id,
      actorEmail: user.email,
      authorisedBy: action === 'auth.sign_in' ? 'credentials' : 'session',
      subjectType: 'user',
      subjectId: user.id,
      requestId: request.id,
      clientAddress: request.ip,
    }),
  );
}

/**
 * Session tokens live in the HttpOnly cookie only: better-auth also puts them in the JSON of
 * sign-in, get-session and list-sessions, where any script on the page could read them.
 */
export function withoutTokens(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  return JSON.stringify(parsed, (key, value: unknown) => (key === 'token' ? undefined : value));
}

/** Sign-out forgets the cached session now; revocations forget all (rare, admin-driven). */
function forgetEndedSessions(request: FastifyRequest, path: string) {
  if (path.endsWith('/sign-out')) forgetSession(request.server.db, sessionKey(request.headers.cookie) ?? '');
  else if (path.includes('/revoke-')) forgetSession(request.server.db);
}

/** Only same-site page paths are followed after sign-in (no open redirect, no API paths). */
export function safeReturnTo(value: string | undefined): string | undefined {
  if (
    !value ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\') ||
    value.startsWith('/api/')
  ) {
    return undefined;
  }
  return value;
}

/** Copies better-auth's Set-Cookie headers (session, OAuth state) onto our reply. */
function copyCookies(from: Headers, reply: FastifyReply) {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, schema: { hide: true }, handler: forwardToAuth });
  // Password guessing is throttled per client address and account, and password spraying
  // (many accounts from one address) per address, at five times the per-account rate.
  const tooMany = (_request: FastifyRequest, context: { ttl: number }) => ({
    statusCode: 429,
    code: 'TOO_MANY_REQUESTS',
    message: `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
  });
  const perAccount = {
    rateLimit: {
      max: config.signInRateLimit.max,
      timeWindow: config.signInRateLimit.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${request.ip}:${typeof email === 'string' ? email.toLowerCase() : ''}`;
      },
      errorResponseBuilder: tooMany,
    },
  };
  // The plugin applies one limit per request, so the address-wide one is checked by hand.
  const addressLimit = app.createRateLimit({
    max: config.signInRateLimit.max * 5,
    timeWindow: config.signInRateLimit.windowMs,
    keyGenerator: (request) => `sign-in:${request.ip}`,
  });
  const perAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await addressLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const { code, message } = tooMany(request, { ttl: limit.ttl });
      return reply.status(429).header('retry-after', limit.ttlInSeconds).send({ code, message });
    }
  };
  app.route({
    method: 'POST',
    url: `${AUTH_BASE_PATH}/sign-in/*`,
    schema: { hide: true },
    config: perAccount,
    onRequest: perAddress,
    handler: forwardToAuth,
  });
  // Documented and validated with our schema; better-auth does the rest.
  app.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    {
      config: perAccount,
      onRequest: perAddress,
      schema: {
        tags: ['auth'],
        summary: 'Signs in with email and password; sets the session cookie',
        body: signInSchema,
        response: { 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    forwardToAuth,
  );

  app.get(
    `${AUTH_BASE_PATH}/user`,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: authUserSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await resolveUser(request);
      if (!user) throw unauthorized();
      return user;
    },
  );

  app.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Starts sign-in: the sign-in page, or the OIDC provider when configured',
        querystring: z.object({ returnTo: z.string().optional() }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      if (!config.oidc) {
        return reply.redirect(
          returnTo ? `${SIGN_IN_PAGE}?returnTo=${encodeURIComponent(returnTo)}` : SIGN_IN_PAGE,
          302,
        );
      }
      const { headers, response } = await app.auth.api.signInSocial({
        body: { provider: OIDC_PROVIDER_ID, callbackURL: returnTo ?? '/' },
        headers: fromNodeHeaders(request.headers),
        returnHeaders: true,
      });
      copyCookies(headers, reply);
      return reply.redirect(response.url ?? SIGN_IN_PAGE, 302);
    },
  );

  // Signing out changes state, so it is a POST (behind the origin check): a cross-site link or
  // image pointing at /api/logout must not end anyone's session.
  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session and returns to the landing page (303)',
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      forgetEndedSessions(request, '/sign-out');
      const session = await app.auth.api.getSession({ headers });
      if (session) {
        const result = await app.auth.api.signOut({ headers, returnHeaders: true });
        copyCookies(result.headers, reply);
        forgetEndedSessions(request, '/sign-out');
        await recordSessionEvent(request, 'auth.sign_out', session.user);
      }
      return reply.redirect('/', 303);
    },
  );

  app.get(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Returns to the landing page without signing out (sign out with POST /api/logout)',
        response: { 302: z.null() },
      },
    },
    async (_request, reply) => reply.redirect('/', 302),
  );
};

export default authRoutes;
