import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR, selectRows } from '../../db/client';

/** A named check a module adds to `/api/ready` (e.g. "its engine has loaded"). */
export type ReadinessCheck = () => Promise<boolean> | boolean;

export interface ReadinessResult {
  ready: boolean;
  checks: Record<string, boolean>;
}

/** Migrations shipped with this build: the journal drizzle-kit writes beside them. */
function shippedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function migrationsApplied(app: FastifyInstance, expected: number): Promise<boolean> {
  try {
    const [row] = await selectRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return (row?.n ?? 0) >= expected;
  } catch {
    return false;
  }
}

/** Runs every check; the platform is ready only when all pass (database, migrations, modules). */
export async function checkReadiness(app: FastifyInstance): Promise<ReadinessResult> {
  const expected = shippedMigrationCount();
  const database = await app.database.ping();
  const checks: Record<string, boolean> = {
    database,
    migrations: database && (await migrationsApplied(app, expected)),
  };
  for (const [name, check] of app.readiness) {
    try {
      checks[name] = await check();
    } catch {
      checks[name] = false;
    }
  }
  return { ready: Object.values(checks).every(Boolean), checks };
}
