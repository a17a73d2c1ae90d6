import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../test/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMonths } from '@meridian/schemas';
import { afterAll, describe, expect, it } from 'vitest';

// A real server process on an on-disk PGlite, killed with SIGKILL mid-life: every order, cancel
// and custody move it acknowledged must be there, with the same book, after a restart (the
// cluster test kills an instance under load on PostgreSQL and checks the ledger invariants).
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const ORIGIN = `http://localhost:${PORT}`;
const SERVER = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-restart-'));
let server: ChildProcess | undefined;

async function start(): Promise<void> {
  // One process (node + the tsx loader), so SIGKILL hits the server itself.
  server = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      LIQUIDITY_PROVIDER: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fresh data directory migrates and seeds first: up to 150 s on a loaded two-core machine.
  for (let i = 0; i < 600; i++) {
    // A child that died (e.g. the port was taken meanwhile) must not let another process answer for it.
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

async function kill9(): Promise<void> {
  const exited = new Promise((r) => server!.once('exit', r));
  server!.kill('SIGKILL');
  await exited;
  await expect(fetch(`${BASE}/api/health`)).rejects.toThrow();
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password: 'meridian-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { cookie, origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several shapes, checked by the assertions
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

afterAll(async () => {
  if (server && server.exitCode === null) await kill9();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('restart', () => {
  it('loses no acknowledged order, cancel or custody move after kill -9; the rebuilt book keeps time priority', async () => {
    await start();
    const issuer = await signIn('issuer@meridian.test');
    const investor = await signIn('investor@meridian.test');
    const today = new Date().toISOString().slice(0, 10);
    const bond = await call(issuer, 'POST', '/api/instruments', {
      contractType: 'PAM',
      name: 'Restart Test 3% 2029',
      notionalAmount: 100_000,
      currency: 'USD',
      issueDate: today,
      maturityDate: addMonths(today, 36),
      interestRate: 3,
      paymentFrequency: 'P1Y',
      dayCountConvention: 'A/365',
    });
    expect(bond.status).toBe(201);
    const instrumentId = bond.body.id;
    const acknowledged: { id: string }[] = [];
    for (const [who, order] of [
      [issuer, { orderType: 'sell', type: 'limit', quantity: 5, price: '100.50' }],
      [issuer, { orderType: 'sell', type: 'limit', quantity: 7, price: '100.50' }],
      [issuer, { orderType: 'sell', type: 'limit', quantity: 3, price: '101.00' }],
      [investor, { orderType: 'buy', type: 'limit', quantity: 2, price: '100.50' }],
      [investor, { orderType: 'buy', type: 'limit', quantity: 4, price: '99.00' }],
    ] as const) {
      const res = await call(who, 'POST', '/api/orders', { instrumentId, ...order });
      expect(res.status).toBe(201);
      acknowledged.push(res.body);
    }
    // A cancel and a custody deposit acknowledged before the kill stay done, once.
    const cancelled = await call(investor, 'DELETE', `/api/orders/${acknowledged[4]!.id}`);
    expect(cancelled.status).toBe(200);
    const custodian = await signIn('custodian@meridian.test');
    const deposit = { email: 'investor2@meridian.test', currency: 'USD', amount: '250.00' };
    const key = { 'idempotency-key': 'restart-deposit-1' };
    const deposited = await call(custodian, 'POST', '/api/custody/deposits', deposit, key);
    expect(deposited.status).toBe(201);
    const bookBefore = (await call(investor, 'GET', `/api/instruments/${instrumentId}/orderbook`)).body;
    const ordersBefore = (await call(issuer, 'GET', '/api/orders/my')).body;

    await kill9();
    await start();

    const [issuerAgain, investorAgain] = [await signIn('issuer@meridian.test'), await signIn('investor@meridian.test')];
    expect((await call(investorAgain, 'GET', `/api/instruments/${instrumentId}/orderbook`)).body).toEqual(bookBefore);
    expect((await call(issuerAgain, 'GET', '/api/orders/my')).body).toEqual(ordersBefore);
    const mine = (await call(investorAgain, 'GET', '/api/orders/my')).body as { id: string; status: string }[];
    for (const order of acknowledged.slice(3)) expect(mine.map((o) => o.id)).toContain(order.id);
    expect(mine.find((o) => o.id === acknowledged[4]!.id)!.status).toBe('cancelled');
    const retried = await call(await signIn('custodian@meridian.test'), 'POST', '/api/custody/deposits', deposit, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body.entryId).toBe(deposited.body.entryId);
    expect(retried.body.balance).toEqual(deposited.body.balance);

    // Time priority survives: the partly filled first sell (3 left) trades before the second.
    const take = await call(investorAgain, 'POST', '/api/orders', {
      instrumentId,
      orderType: 'buy',
      type: 'market',
      quantity: 4,
    });
    expect(take.body).toMatchObject({ status: 'filled', filledQuantity: 4 });
    const after = (await call(issuerAgain, 'GET', '/api/orders/my')).body;
    expect(after.find((o: { id: string }) => o.id === acknowledged[0]!.id)).toMatchObject({
      status: 'filled',
      filledQuantity: 5,
    });
    expect(after.find((o: { id: string }) => o.id === acknowledged[1]!.id)).toMatchObject({
      status: 'open',
      filledQuantity: 1,
    });
  }, 420_000);
});
