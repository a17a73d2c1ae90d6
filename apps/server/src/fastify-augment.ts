import type { AuthUser } from '@meridian/schemas';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Auth } from './modules/auth/auth';
import type { ReadinessCheck } from './modules/health/readiness';
import type { PlatformMetrics } from './plugins/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Drizzle handle (PGlite or PostgreSQL). */
    db: Db;
    database: Database;
    auth: Auth;
    /**
     * Active role slugs of a user. The access module answers it; auth reads it when it resolves a
     * session, so auth never imports access (app.ts wires the two).
     */
    rolesOf(db: Db, userId: string): Promise<string[]>;
    metrics: PlatformMetrics;
    /** Named checks modules add to /api/ready. */
    readiness: Map<string, ReadinessCheck>;
    startedAt: number;
  }
  interface FastifyRequest {
    /** Set by the `requireAuth` / `requirePermission` preHandlers; absent on unguarded routes. */
    user: AuthUser;
    /** Set by `requirePermission`: the permission and the source that allowed this request (audit). */
    authorisedBy?: string;
  }
}
