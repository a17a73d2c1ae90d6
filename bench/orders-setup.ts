import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { buildApp, prepareDatabase } from '../apps/server/src/app';
import type { Config } from '../apps/server/src/config';
import { createDb, type Database } from '../apps/server/src/db/client';
import { testConfig } from '../apps/server/src/test/harness';

export const PORT = 5104;
export const BASE = `http://127.0.0.1:${PORT}`;
export const ORIGIN = `http://localhost:${PORT}`;
/** Demo accounts holding place_orders; each benchmark client trades as one of them. */
export const TRADERS = ['issuer', 'investor', 'investor2', 'demo', 'marketmaker', 'admin'].map(
  (u) => `${u}@meridian.test`,
);

export interface Backend {
  name: string;
  /** `dbName`: the PostgreSQL database (its backends' CPU is read from /proc); absent for PGlite. */
  open(): Promise<{ database: Database; dispose(): Promise<void>; dbName?: string }>;
}

/** On-disk PGlite in a temporary directory: every commit goes to the file system. */
export const pgliteBackend: Backend = {
  name: 'PGlite (on disk)',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-'));
    const database = await createDb({ dataDir: dir });
    return { database, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

/** A fresh database on the local PostgreSQL server, dropped afterwards. */
export function postgresBackend(serverUrl: string): Backend {
  return {
    name: 'PostgreSQL 15 (local)',
    async open() {
      const name = `meridian_bench_${randomBytes(4).toString('hex')}`;
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await createDb({ databaseUrl: url.toString() });
      return {
        database,
        dbName: name,
        dispose: async () => {
          // BENCH_KEEP_DB=1 leaves the database for EXPLAINs of its queries (drop it yourself).
          if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${name}`);
          else await admin.unsafe(`drop database if exists "${name}" with (force)`);
          await admin.end({ timeout: 5 });
        },
      };
    },
  };
}

export function benchConfig(): Config {
  return testConfig({ port: PORT, host: '127.0.0.1', publicUrl: ORIGIN, logLevel: 'silent', liquidityProvider: false });
}

/** Builds and starts the real server (migrations, demo seed) on 127.0.0.1. */
export async function startServer(database: Database) {
  const config = benchConfig();
  await prepareDatabase(database, config);
  const app = await buildApp(config, { database });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  return app;
}

/** A demo user's session cookie; `base`/`origin` default to the in-process server of bench:orders. */
export async function signIn(email: string, base = BASE, origin = ORIGIN): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'meridian-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function call(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  base = BASE,
  origin = ORIGIN,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * A 100,000,000 USD bond (1 million units) issued by the issuer, with 50,000 units
 * sold to every other trader, and 100,000,000 USD of cash deposited for each.
 */
export async function prepareMarket(
  cookies: Map<string, string>,
  base = BASE,
  origin = ORIGIN,
  name = 'Benchmark 4% 2031',
): Promise<string> {
  const api = (cookie: string, method: string, path: string, body?: unknown) =>
    call(cookie, method, path, body, base, origin);
  const issuer = cookies.get(TRADERS[0]!)!;
  const custodian = await signIn('custodian@meridian.test', base, origin);
  // Over the single-signature limit: the second custodian countersigns each deposit (signed in
  // when first needed: trees from before dual control have no second custodian).
  let custodian2: string | undefined;
  for (const email of TRADERS) {
    let res = await api(custodian, 'POST', '/api/custody/deposits', {
      email,
      currency: 'USD',
      amount: '100000000.00',
    });
    if (res.status === 202) {
      const { approvalId } = res.body as { approvalId: string };
      custodian2 ??= await signIn('custodian2@meridian.test', base, origin);
      res = await api(custodian2, 'POST', `/api/custody/approvals/${approvalId}/approve`, {});
      if (res.status === 200) res = { ...res, status: 201 };
    }
    if (res.status !== 201) throw new Error(`deposit: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const today = new Date().toISOString().slice(0, 10);
  const bond = await api(issuer, 'POST', '/api/instruments', {
    contractType: 'PAM',
    name,
    notionalAmount: 100_000_000,
    currency: 'USD',
    issueDate: today,
    maturityDate: `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`,
    interestRate: 4,
    paymentFrequency: 'P1Y',
    dayCountConvention: 'A/365',
  });
  if (bond.status !== 201) throw new Error(`issue: ${bond.status} ${JSON.stringify(bond.body)}`);
  const instrumentId = (bond.body as { id: string }).id;
  for (const email of TRADERS.slice(1)) {
    await api(issuer, 'POST', '/api/orders', {
      instrumentId,
      orderType: 'sell',
      type: 'limit',
      quantity: 50_000,
      price: '100.00',
    });
    const res = await api(cookies.get(email)!, 'POST', '/api/orders', {
      instrumentId,
      orderType: 'buy',
      type: 'market',
      quantity: 50_000,
    });
    if (res.status !== 201) throw new Error(`allocation: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return instrumentId;
}
