import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { ADVISORY_KEYS, withAdvisoryLock } from './db/advisory';
import { PlannerStatistics } from './db/planner-statistics';
import { createDb, type Database, type Db } from './db/client';
import { runSeed, type SeedOptions } from './db/seed';
import { registerErrorHandling } from './errors';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD } from './fast-serializer';
import './fastify-augment';
import accessRoutes from './modules/access/routes';
import auditRoutes from './modules/access/audit-routes';
import roleManagementRoutes from './modules/access/admin-routes';
import { activeRoleSlugs } from './modules/access/queries';
import { createAuth } from './modules/auth/auth';
import authRoutes from './modules/auth/routes';
import fxRoutes from './modules/fx/routes';
import riskPlugin from './modules/risk/plugin';
import healthRoutes from './modules/health/routes';
import instrumentRoutes from './modules/instruments/routes';
import custodyRoutes from './modules/custody/routes';
import complianceRoutes from './modules/compliance/routes';
import jobsPlugin from './modules/jobs/plugin';
import liquidityRoutes from './modules/liquidity/routes';
import servicingRoutes from './modules/servicing/routes';
import settlementPlugin from './modules/settlement/plugin';
import marketDataRoutes from './modules/market-data/routes';
import surveillanceRoutes from './modules/surveillance/routes';
import demoPlugin from './modules/demo/plugin';
import portfolioRoutes from './modules/portfolio/routes';
import systemRoutes from './modules/system/routes';
import tradingRoutes from './modules/trading/routes';
import { registerGuardsFirst } from './plugins/guards-first';
import { documentedErrorsTransform } from './plugins/openapi-errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerOriginCheck } from './plugins/origin-check';
import { registerSecurityHeaders } from './plugins/security-headers';
import { PlatformMetrics, registerRequestTiming } from './plugins/metrics';
import { registerRequestLogging } from './plugins/request-logging';
import metricsRoutes from './modules/system/metrics-routes';
import { registerWebApp } from './plugins/web-app';
import { VERSION } from './version';

export interface BuildOptions {
  /** An opened database with migrations and the seed applied (prepareDatabase). */
  database: Database;
  /** Sees every route as it is registered (the authorization matrix test reads the guards). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the whole application on a prepared database: registers plugins and modules. Never
 * migrates, seeds or listens; `main.ts` runs openDatabase, prepareDatabase, buildApp, listen.
 */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const { database } = options;

  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    // One line per request from plugins/request-logging.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: acceptedRequestId,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('auth', createAuth(database.db, config, app.log));
  app.decorate('rolesOf', (db: Db, userId: string) => activeRoleSlugs(db, userId));
  app.decorate('metrics', new PlatformMetrics());
  app.decorate('readiness', new Map());
  app.decorate('startedAt', Date.now());
  app.decorate('throughput', { rates: async () => null });
  app.decorateRequest('user', null as never);
  // Re-plans the prepared hot statements as tables grow when autovacuum is off (decision 0086).
  const plannerStatistics = new PlannerStatistics(database);
  plannerStatistics.start();
  app.addHook('onClose', () => plannerStatistics.stop());
  if (!options.database) app.addHook('onClose', () => database.close());

  registerErrorHandling(app, { spa: hasWebBuild(config) });
  registerRequestLogging(app);
  registerRequestTiming(app, app.metrics);
  registerOriginCheck(app, config);
  registerInputGuard(app);
  registerGuardsFirst(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspDirectives() },
    hsts: config.publicUrl.startsWith('https://'),
  });
  // Brotli at quality 4: most of the size gain of 11 for a fraction of the CPU per response.
  // Kept answers (sendKeptJson) come with their compressed bytes and pass through unchanged.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
  });
  // Cookie parsing on demand only: nothing reads request.cookies (sessions are keyed by the raw
  // header, auth/session-cache.ts), and parsing every request's cookies cost the order path.
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Meridian API',
        version: VERSION,
        description: 'Sign in with POST /api/auth/sign-in/email; the session cookie authenticates later calls.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'meridian.session_token' } } },
    },
    transform: documentedErrorsTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(jobsPlugin);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(authRoutes);
  await app.register(accessRoutes);
  await app.register(auditRoutes);
  await app.register(roleManagementRoutes);
  await app.register(systemRoutes);
  await app.register(instrumentRoutes);
  await app.register(tradingRoutes);
  await app.register(marketDataRoutes);
  await app.register(custodyRoutes);
  await app.register(fxRoutes);
  await app.register(complianceRoutes);
  await app.register(liquidityRoutes);
  await app.register(riskPlugin);
  await app.register(servicingRoutes);
  await app.register(settlementPlugin);
  await app.register(surveillanceRoutes);
  await app.register(portfolioRoutes);
  await app.register(demoPlugin);
  // Other modules register here, one line each.

  if (hasWebBuild(config)) await registerWebApp(app, config.webDistDir!);
  return app;
}

/** Opens the database the configuration names: PostgreSQL at DATABASE_URL, or PGlite under DATA_DIR. */
export function openDatabase(config: Config): Promise<Database> {
  return createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/**
 * Applies pending migrations, then the idempotent seed (demo data only in demo mode), under
 * a cluster-wide advisory lock: when several instances start at once one of them migrates
 * and seeds while the others wait, then find nothing left to do.
 */
export async function prepareDatabase(database: Database, config: SeedOptions): Promise<void> {
  await withAdvisoryLock(database.advisory, ADVISORY_KEYS.startup, async () => {
    await database.migrate();
    await runSeed(database.db, config);
  });
}

// X-Request-Id from a proxy or client is kept when it is a plain token; otherwise one is made.
function acceptedRequestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

function hasWebBuild(config: Config): boolean {
  return Boolean(config.webDistDir && existsSync(join(config.webDistDir, 'index.html')));
}

function loggerOptions(config: Config) {
  if (config.nodeEnv === 'test') return false;
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
  return pretty
    ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
    : { level: config.logLevel };
}

// The SPA is served from our origin; charts and Radix need inline styles, the stream a WebSocket.
function cspDirectives() {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
