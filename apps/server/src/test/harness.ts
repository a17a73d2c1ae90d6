import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, RouteOptions } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, prepareDatabase } from '../app';
import type { Config } from '../config';
import { createDb, type Database, type Db } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed/users';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Signs a (demo) user in and returns the Cookie header to send with later requests. */
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Origin the test app considers its own; send it on state-changing requests with a cookie. */
export const TEST_ORIGIN = 'http://localhost:5000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 5000,
    host: '127.0.0.1',
    publicUrl: TEST_ORIGIN,
    trustedOrigins: [],
    databaseUrl: undefined,
    dataDir: undefined,
    demoMode: true,
    simulationMode: true,
    logLevel: 'silent',
    authSecret: 'test-secret-test-secret-test-secret-0123',
    oidc: undefined,
    webDistDir: undefined,
    trustProxy: false,
    signInRateLimit: { max: 1000, windowMs: 60_000 },
    ...overrides,
  };
}

/**
 * A fully built app on a fresh database with migrations and the demo seed applied:
 * in-memory PGlite, or a throw-away database on the server at TEST_DATABASE_URL.
 */
export interface TestAppOptions {
  config?: Partial<Config>;
  /** Runs before the app is ready, e.g. to register routes that exercise a guard. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** Sees every route as it is registered, with its options (guards, schema). */
  onRoute?: (route: RouteOptions) => void;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const fresh = await openFreshDatabase(config);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database: fresh.database, onRoute: options.onRoute });
    await options.setup?.(app);
    await app.ready();
  } catch (error) {
    await fresh.dispose();
    throw error;
  }
  return {
    app,
    db: fresh.database.db,
    signIn: async (email, password = DEMO_PASSWORD) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    },
    close: async () => {
      await app.close();
      await fresh.dispose();
    },
  };
}

// drizzle-kit writes schema-qualified foreign keys ("public"."users"), so isolation on a
// shared server is a fresh database per test app rather than a fresh schema.
async function openFreshDatabase(config: Config): Promise<{ database: Database; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createDb({ loadDataDir: await pgliteTemplate(config.demoMode) });
    return { database, dispose: () => database.close() };
  }
  const name = `meridian_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString() });
  // API tests start from the demo's people and listings with no trading yet (see SeedStep.activity).
  await prepareDatabase(database, { ...config, demoActivity: false });
  return {
    database,
    dispose: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

// Starting PGlite from scratch (initdb) takes seconds; cloning a migrated, seeded data
// directory takes a fraction of that. The demo template is built once per run
// (global-setup.ts); others once per test file.
const templates = new Map<boolean, Promise<Blob>>();

function pgliteTemplate(demoMode: boolean): Promise<Blob> {
  let template = templates.get(demoMode);
  if (!template) {
    const prebuilt = demoMode ? inject('pgliteTemplatePath') : undefined;
    template = (async () => {
      if (prebuilt) return new Blob([await readFile(prebuilt)]);
      const database = await createDb({});
      await prepareDatabase(database, { demoMode, demoActivity: false });
      const blob = await database.dump!();
      await database.close();
      return blob;
    })();
    templates.set(demoMode, template);
  }
  return template;
}
