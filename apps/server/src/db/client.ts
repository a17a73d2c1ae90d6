import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { localAdvisory, postgresAdvisory, type AdvisoryLocks, type ReservedConnection } from './advisory';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle, identical in type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * Where the books' batch writes go (decision 0085): on PostgreSQL a pool of its own, a few
   * connections, so each prepared batch statement shape is reused on them instead of prepared
   * and planned anew on every connection of the main pool; on PGlite the same as `db`.
   */
  bookWriter: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the data directory as a tar blob (used to clone test databases). */
  dump?(): Promise<Blob>;
  migrate(): Promise<void>;
  /** Session advisory locks: cluster-wide on PostgreSQL, process-wide on PGlite. */
  advisory: AdvisoryLocks;
  /** True when a trivial query round-trips. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; when absent PGlite runs in memory. */
  dataDir?: string | undefined;
  /** In-memory PGlite only: start from this data-directory dump (see PGlite#dumpDataDir). */
  loadDataDir?: Blob | undefined;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens PGlite (embedded) or PostgreSQL (when `databaseUrl` is set); same schema, same migrations. */
export async function createDb(options: DbOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, dump: Blob | undefined): Promise<Database> {
  let path: string | undefined;
  let release = () => {};
  if (dataDir) {
    path = join(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
    release = lockDataDir(join(dataDir, 'meridian.lock'));
  }
  const client = path ? new PGlite(path) : new PGlite(dump ? { loadDataDir: dump } : {});
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    bookWriter: db as unknown as Db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    advisory: localAdvisory(),
    ping: () => ping(db as unknown as Db),
    close: once(async () => {
      await client.close();
      release();
    }),
  };
}

/**
 * Connections of the books' writer pool per instance (decision 0085). Batches of different
 * books run side by side (each book's batches one at a time); on a database of a few cores
 * more than three at once only queue inside PostgreSQL.
 */
export const BOOK_WRITER_CONNECTIONS = 3;

/** The PostgreSQL server named by DATABASE_URL cannot be used; the message is one line naming the cause. */
export class DatabaseConnectError extends Error {}

async function openPostgres(url: string): Promise<Database> {
  // JIT off for the API's sessions: PostgreSQL compiles a statement whose estimated cost passes
  // jit_above_cost, and on tables that were never analyzed (CI runs without autovacuum) the
  // estimates follow table size, not what a statement reads: the read endpoints' trade windows
  // (a few index probes) were JIT-compiled on every call at 1,000,000 trades, ~150 ms of CPU each
  // (docs/benchmarks.md, decision 0077). No statement of the API is long enough to gain from it.
  const client = postgres(url, { max: 10, onnotice: () => {}, connect_timeout: 10, connection: { jit: 'off' } });
  try {
    await client`select 1`;
  } catch (error) {
    await client.end({ timeout: 0 }).catch(() => {});
    throw new DatabaseConnectError(describeConnectError(url, error));
  }
  const db = drizzlePostgres({ client, schema });
  // Opened on first use (postgres.js connects lazily), like the main pool.
  const writer = postgres(url, {
    max: BOOK_WRITER_CONNECTIONS,
    onnotice: () => {},
    connect_timeout: 10,
    connection: { jit: 'off' },
  });
  return {
    db: db as unknown as Db,
    bookWriter: drizzlePostgres({ client: writer, schema }) as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR }),
    advisory: postgresAdvisory(async () => (await client.reserve()) as unknown as ReservedConnection),
    ping: () => ping(db as unknown as Db),
    close: once(async () => {
      await Promise.all([client.end({ timeout: 5 }), writer.end({ timeout: 5 })]);
    }),
  };
}

/** Rows of a raw SQL query on either driver (PGlite answers `{ rows }`, postgres-js an array). */
export async function selectRows<T = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Closing twice (test teardown after a simulated outage) must be harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= fn());
}

/** One line an operator can act on, without the password. */
export function describeConnectError(url: string, error: unknown): string {
  const target = new URL(url);
  const where = `${target.hostname}:${target.port || 5432}`;
  const database = decodeURIComponent(target.pathname.slice(1)) || target.username;
  const code = (error as { code?: string }).code;
  const reasons: Record<string, string> = {
    ECONNREFUSED: `nothing is listening at ${where} (connection refused)`,
    ENOTFOUND: `the host "${target.hostname}" does not resolve`,
    EAI_AGAIN: `the host "${target.hostname}" does not resolve`,
    CONNECT_TIMEOUT: `no answer from ${where} within 10 s`,
    ETIMEDOUT: `no answer from ${where}`,
    EHOSTUNREACH: `${where} is unreachable`,
    '3D000': `the database "${database}" does not exist on ${where}`,
    '28P01': `password authentication failed for user "${target.username}" on ${where}`,
    '28000': `the server at ${where} refused user "${target.username}"`,
  };
  const reason = (code && reasons[code]) ?? (error instanceof Error ? error.message : String(error));
  return `DATABASE_URL: cannot use PostgreSQL: ${reason}`;
}
