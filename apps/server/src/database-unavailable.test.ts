import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { createServer } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a database that takes no connection', () => {
  let t: TestApp;
  const clients: postgres.Sql[] = [];
  const query = (url: string) => {
    const client = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => undefined });
    clients.push(client);
    return () => drizzle(client).execute(sql`select 1`);
  };

  beforeAll(async () => {
    const nobodyListens = query(`postgres://postgres@127.0.0.1:${await closedPort()}/meridian`);
    const server = process.env.TEST_DATABASE_URL;
    let noConnectionsLeft: (() => Promise<unknown>) | undefined;
    if (server) {
      // A role PostgreSQL allows no connection at all: every attempt is refused with 53300.
      const admin = postgres(server, { max: 1, onnotice: () => undefined });
      await admin.unsafe(
        `do $$ begin create role meridian_no_connections login connection limit 0; exception when duplicate_object then null; end $$`,
      );
      await admin.end();
      const url = new URL(server);
      url.username = 'meridian_no_connections';
      noConnectionsLeft = query(url.toString());
    }
    t = await createTestApp({
      setup: (app) => {
        app.get('/api/test/nobody-listens', async () => nobodyListens());
        if (noConnectionsLeft) app.get('/api/test/no-connections-left', async () => noConnectionsLeft!());
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(clients.map((c) => c.end({ timeout: 1 })));
  });

  it('answers 503 "nothing was done, try again" with Retry-After when nothing listens on its port', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/nobody-listens' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The service is busy; nothing was done, try again shortly',
    });
    expect(res.body).not.toContain('127.0.0.1');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 503 when PostgreSQL refuses the connection (too many connections)',
    async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/no-connections-left' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('DATABASE_UNAVAILABLE');
    },
  );
});
