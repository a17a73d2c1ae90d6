import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { allowedOrigins } from '../../plugins/origin-check';
import { withIdleContextOff } from './idle-context';

export const AUTH_BASE_PATH = '/api/auth';
export const OIDC_PROVIDER_ID = 'oidc';
const SESSION_DAYS = 7;

/**
 * The better-auth instance: email + password, sessions in our database, optional OIDC. Its
 * AsyncLocalStorage is switched off between calls (idle-context.ts, decision 0069).
 */
export function createAuth(db: Db, config: Config, log?: FastifyBaseLogger) {
  return withIdleContextOff(createBetterAuth(db, config, log));
}

function createBetterAuth(db: Db, config: Config, log?: FastifyBaseLogger) {
  const secure = config.publicUrl.startsWith('https://');
  const trusted = allowedOrigins(config);
  return betterAuth({
    appName: 'Meridian',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Accounts come from the seed, administrators or the OIDC provider; no self sign-up.
    emailAndPassword: { enabled: true, minPasswordLength: 8, disableSignUp: true },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    // Our own onRequest hook owns rate limiting (strict on sign-in) and the origin policy.
    rateLimit: { enabled: false },
    // The request's own origin (Host header) is trusted as in plugins/origin-check.ts.
    trustedOrigins: async (request) => {
      const host = request?.headers.get('host');
      const proto = request ? new URL(request.url).protocol : 'http:';
      return host ? [...trusted, `${proto}//${host}`] : trusted;
    },
    telemetry: { enabled: false },
    // better-auth's own messages go through the server's pino logger (JSON, request-free).
    logger: log
      ? {
          level: 'info',
          log: (level, message, ...args) =>
            log[level]({ component: 'better-auth', ...(args.length ? { details: args } : {}) }, message),
        }
      : undefined,
    advanced: {
      cookiePrefix: 'meridian',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      database: { generateId: 'uuid' },
    },
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                discoveryUrl: `${config.oidc.issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
