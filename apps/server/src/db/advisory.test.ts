import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../app';
import { ADVISORY_KEYS, ClusterSingleton, localAdvisory } from './advisory';
import { createDb, MIGRATIONS_DIR, selectRows, type Database } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('advisory locks on one process (PGlite)', () => {
  it('grants a free lock, refuses a held one, hands it to the next waiter', async () => {
    const locks = localAdvisory();
    const first = await locks.acquire(1);
    expect(await locks.tryAcquire(1)).toBeNull();
    let second = false;
    const waiting = locks.acquire(1).then((lock) => ((second = true), lock));
    await new Promise((r) => setTimeout(r, 10));
    expect(second).toBe(false);
    await first.release();
    const lock = await waiting;
    expect(second).toBe(true);
    await lock.release();
    expect(await locks.tryAcquire(1)).not.toBeNull();
  });
});

// Two "instances" are two connection pools on one database, as two processes would be.
describe.skipIf(!serverUrl)('start-up of several instances on one PostgreSQL database', () => {
  const name = `meridian_adv_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = serverUrl ? postgres(serverUrl, { max: 1, onnotice: () => {} }) : null;
  const opened: Database[] = [];
  const open = async () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = await createDb({ databaseUrl: url.toString() });
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const d of opened) await d.close();
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end({ timeout: 5 });
  });

  it('migrates and seeds once when three instances start at the same moment', async () => {
    await admin!.unsafe(`create database "${name}"`);
    const [a, b, c] = [await open(), await open(), await open()];
    // Without the lock, concurrent migrators collide ("relation already exists") and seeds double-insert.
    await Promise.all([a, b, c].map((d) => prepareDatabase(d, { demoMode: true })));
    const migrations = await selectRows<{ n: string }>(
      a.db,
      sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(Number(migrations[0]!.n)).toBe(journal.entries.length);
    const users = await selectRows<{ email: string; n: string }>(
      a.db,
      sql`select email, count(*)::text as n from users group by email having count(*) > 1`,
    );
    expect(users).toEqual([]);
  });

  it('runs a cluster singleton (the demo liquidity provider) in one instance and fails over when it stops', async () => {
    const [a, b] = [await open(), await open()];
    const running: string[] = [];
    const service = (id: string) => ({
      start: async () => void running.push(id),
      stop: async () => void running.splice(running.indexOf(id), 1),
    });
    const fail = (error: unknown) => {
      throw error;
    };
    const first = new ClusterSingleton(a.advisory, ADVISORY_KEYS.liquidityProvider, service('a'), fail, 50);
    const second = new ClusterSingleton(b.advisory, ADVISORY_KEYS.liquidityProvider, service('b'), fail, 50);
    first.start();
    await new Promise((r) => setTimeout(r, 100));
    second.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(running).toEqual(['a']);
    expect([first.leading, second.leading]).toEqual([true, false]);
    await first.stop();
    await expect.poll(() => running, { timeout: 2_000 }).toEqual(['b']);
    await second.stop();
    expect(running).toEqual([]);
  });
});
