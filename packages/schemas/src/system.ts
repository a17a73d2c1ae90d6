import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
    version: z.string(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

/** `/api/ready`: each named check (database, migrations, module engines) and the verdict. */
export const readinessSchema = z
  .object({
    ready: z.boolean(),
    checks: z.record(z.string(), z.boolean()),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;

/** Live platform figures for the landing page's System Status card. */
export const systemStatusSchema = z
  .object({
    /** Unexpired sessions in the session table. */
    activeSessions: z.number().int(),
    /** Server-measured median latency of recent API requests; null before any request. */
    requestLatencyP50Ms: z.number().nullable(),
    ordersPerSecond: z.number().nullable(),
    tradesPerSecond: z.number().nullable(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'SystemStatus' });
export type SystemStatus = z.infer<typeof systemStatusSchema>;
