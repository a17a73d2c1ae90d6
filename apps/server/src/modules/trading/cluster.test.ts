import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { reachable } from '../../test/reachable';
import { freePort } from '../../test/free-port';
import { fileURLToPath } from 'node:url';
import { addMonths } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDb, selectRows, type Database } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed/users';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { verifyAuditChain } from '../audit/verify';

// Issue 16 "Checked by": three real server processes on one PostgreSQL database and one
// NATS server. Runs in CI's PostgreSQL pass (TEST_DATABASE_URL set; NATS runs on the CI
// machine); elsewhere it skips when PostgreSQL or NATS cannot be reached.
const PG_URL = process.env.TEST_DATABASE_URL;
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const SERVER = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const LEASE_MS = 2_000;

const available = (await reachable(PG_URL, 5432)) && (await reachable(NATS_URL, 4222));
if (process.env.CI && PG_URL && !available) throw new Error(`cluster test: NATS is not reachable at ${NATS_URL}`);

interface Instance {
  name: string;
  port: number;
  base: string;
  origin: string;
  process: ChildProcess;
  log: string[];
}

const dbName = `meridian_cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
let dbUrl = '';
let admin: postgres.Sql | null = null;
let database: Database | null = null;
const instances: Instance[] = [];
const cookies = new Map<string, string>();
let bond = '';
const SUBJECT_PREFIX = `cluster-test-${process.pid}`;

async function startInstance(name: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: dbUrl,
      NATS_URL,
      // This cluster's market subjects are its own: other tests' clusters may share nats-server.
      NATS_SUBJECT_PREFIX: SUBJECT_PREFIX,
      INSTANCE_NAME: name,
      CLUSTER_LEASE_MS: String(LEASE_MS),
      DEMO_MODE: 'true',
      LIQUIDITY_PROVIDER: 'false',
      BETTER_AUTH_SECRET: 'cluster-test-secret-cluster-test-secret',
      SIGN_IN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    origin: `http://localhost:${port}`,
    process: child,
    log: [],
  };
  child.stdout!.on('data', (chunk: Buffer) => instance.log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => instance.log.push(chunk.toString()));
  return instance;
}

async function ready(instance: Instance): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (instance.process.exitCode !== null)
      throw new Error(`${instance.name} exited: ${instance.log.join('').slice(-2000)}`);
    try {
      if ((await fetch(`${instance.base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${instance.name} did not become ready`);
}

async function signIn(instance: Instance, email: string): Promise<string> {
  const res = await fetch(`${instance.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(
  instance: Instance,
  user: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${instance.base}${path}`, {
    method,
    headers: {
      cookie: cookies.get(user)!,
      origin: instance.origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, owner: res.headers.get('meridian-owner') };
}

const limit = (orderType: 'buy' | 'sell', quantity: number, price: string) => ({
  instrumentId: bond,
  orderType,
  type: 'limit',
  quantity,
  price,
});

async function lease(): Promise<{ owner: string; epoch: bigint }> {
  const [row] = await selectRows<{ owner: string; epoch: string }>(
    database!.db,
    sql`select owner, epoch::text as epoch from instrument_leases where instrument_id = ${bond}::uuid`,
  );
  return { owner: row!.owner, epoch: BigInt(row!.epoch) };
}

const ownerOf = (owner: string) => instances.find((i) => owner.startsWith(`${i.name}-`))!;

async function books() {
  const alive = instances.filter((i) => i.process.exitCode === null && i.process.signalCode === null);
  return Promise.all(
    alive.map(async (i) => (await call(i, 'investor', 'GET', `/api/instruments/${bond}/orderbook?depth=20`)).body),
  );
}

/** Live instances that run the surveillance passes (they log it when they take the lead). */
const surveillanceLeaders = () =>
  instances.filter(
    (i) =>
      i.process.exitCode === null &&
      i.process.signalCode === null &&
      i.log.join('').includes('surveillance runs on this instance'),
  );

describe.skipIf(!available)('three instances on one PostgreSQL database and NATS', () => {
  beforeAll(async () => {
    admin = postgres(PG_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${dbName}"`);
    const url = new URL(PG_URL!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    // All three start at once: migrations and seed run under the start-up lock.
    for (const name of ['a', 'b', 'c']) instances.push(await startInstance(name));
    await Promise.all(instances.map(ready));
    database = await createDb({ databaseUrl: dbUrl });
    const [a] = instances;
    for (const user of ['issuer', 'investor', 'investor2', 'custodian'])
      cookies.set(user, await signIn(a!, `${user}@meridian.test`));
    const today = new Date().toISOString().slice(0, 10);
    const issued = await call(a!, 'issuer', 'POST', '/api/instruments', {
      contractType: 'PAM',
      name: 'Cluster Test 4% 2028',
      notionalAmount: 1_000_000,
      currency: 'USD',
      issueDate: today,
      maturityDate: addMonths(today, 24),
      interestRate: 4,
      paymentFrequency: 'P1Y',
      dayCountConvention: 'A/365',
    });
    expect(issued.status).toBe(201);
    bond = issued.body.id;
  }, 300_000);

  afterAll(async () => {
    for (const i of instances) {
      i.process.kill('SIGCONT');
      i.process.kill('SIGKILL');
    }
    await database?.close();
    await admin?.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin?.end({ timeout: 5 });
  });

  it('matches crossing orders sent through different instances exactly once; a WebSocket on A sees the trade made via C', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    expect(await selectRows(database!.db, sql`select count(*)::int as n from cluster_members`)).toEqual([{ n: 3 }]);
    const frames: { type: string; seq?: number; trade?: { instrumentId: string; quantity: number } }[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${a.port}/api/stream`, {
      headers: { cookie: cookies.get('investor')!, origin: a.origin },
    });
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString())));

    const resting = await call(a, 'issuer', 'POST', '/api/orders', limit('sell', 10, '100.00'));
    expect(resting.status).toBe(201);
    const crossing = await call(c, 'investor', 'POST', '/api/orders', limit('buy', 10, '100.00'));
    expect(crossing.status).toBe(201);
    // The owner hint (decision 0085) names the book's owner, whichever instance answered.
    const { owner } = await lease();
    expect([resting.owner, crossing.owner]).toEqual([owner.slice(0, owner.lastIndexOf('-')), resting.owner]);
    expect(crossing.body).toMatchObject({
      status: 'filled',
      filledQuantity: 10,
      instrumentName: 'Cluster Test 4% 2028',
    });
    await expect
      .poll(() => frames.filter((f) => f.type === 'trade' && f.trade?.instrumentId === bond).length, {
        timeout: 10_000,
      })
      .toBe(1);
    ws.close();
    // This book's trade: nats-server may be shared with another cluster whose frames reach A as well.
    const trade = frames.find((f) => f.type === 'trade' && f.trade?.instrumentId === bond)!;
    expect(trade.trade!.quantity).toBe(10);
    expect(typeof trade.seq).toBe('number');

    // A burst from all three at once: every sell fills exactly once, nothing rests crossed.
    expect((await call(b, 'investor2', 'POST', '/api/orders', limit('buy', 5, '100.00'))).status).toBe(201);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, k) => [
        call(instances[k % 3]!, 'issuer', 'POST', '/api/orders', limit('sell', 1, '100.00')),
        call(instances[(k + 1) % 3]!, 'investor2', 'POST', '/api/orders', limit('buy', 1, '100.00')),
      ]).flat(),
    );
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 201));
    const [traded] = await selectRows<{ quantity: string; trades: number }>(
      database!.db,
      sql`select sum(quantity)::text as quantity, count(*)::int as trades from trades where instrument_id = ${bond}::uuid`,
    );
    expect(traded!.quantity).toBe('30');
    // Orders routed to the owner keep the entry instance's request context in their audit rows.
    const audits = await selectRows<{ requestId: string | null; authorisedBy: string | null }>(
      database!.db,
      sql`select a.request_id as "requestId", a.authorised_by as "authorisedBy" from audit_events a
        join orders o on o.id::text = a.subject_id
        where a.action = 'trading.order.place' and o.instrument_id = ${bond}::uuid`,
    );
    expect(audits).toHaveLength(43);
    for (const row of audits) expect(row.requestId && row.authorisedBy).toBeTruthy();
    const seen = await books();
    expect(seen).toHaveLength(3);
    for (const book of seen) expect(book).toEqual(seen[0]);
    expect(seen[0].asks).toEqual([]);
    expect(seen[0].bids).toEqual([{ price: '100.00', quantity: 5, total: '500.00' }]);
  }, 120_000);

  it('runs market surveillance on one instance; it judges the trades made through every instance', async () => {
    // One leader (decision 0074): three runners raced for the cursors, each re-reading its windows.
    await expect.poll(() => surveillanceLeaders().length, { timeout: 15_000 }).toBe(1);
    const [last] = await selectRows<{ sequence: string }>(
      database!.db,
      sql`select max(sequence)::text as sequence from trades`,
    );
    await expect
      .poll(
        async () =>
          (
            await selectRows<{ last: string }>(
              database!.db,
              sql`select last_sequence::text as last from surveillance_cursors where rule = 'flow'`,
            )
          )[0]?.last,
        { timeout: 15_000 },
      )
      .toBe(last!.sequence);
  }, 60_000);

  it('moves the book when its owner is paused (SIGSTOP); the old owner, woken, commits nothing', async () => {
    const before = await lease();
    const owner = ownerOf(before.owner);
    const other = instances.find((i) => i !== owner)!;
    owner.process.kill('SIGSTOP');
    const pausedAt = Date.now();
    // Routed to the paused owner while its lease still runs: the message waits in its socket and
    // is never answered. The entry instance fails it once the owner's heartbeat has lapsed for a
    // lease and sends it again, under its key, to the new owner (decision 0084), not after the
    // 10 s NATS timeout. The new owner trades: the resting bid (5 @ 100) fills.
    const held = call(other, 'issuer', 'POST', '/api/orders', limit('sell', 2, '100.00'), {
      'idempotency-key': `paused-${bond}`,
    }).then((res) => ({ ...res, after: Date.now() - pausedAt }));
    try {
      await expect.poll(async () => (await lease()).owner, { timeout: 20_000, interval: 250 }).not.toBe(before.owner);
      const after = await lease();
      expect(after.epoch).toBeGreaterThan(before.epoch);
      // The paused owner's fence can no longer pass: a write carrying its epoch is refused in the database.
      await expect(
        database!.db.execute(sql`update instrument_leases set epoch = epoch
          where instrument_fence(instrument_id = ${bond}::uuid, owner = ${before.owner} and epoch = ${before.epoch.toString()}::bigint)`),
      ).rejects.toMatchObject({ cause: { code: 'MR002' } });
      const sell = await held;
      console.info(`cluster SIGSTOP: a routed order the paused owner held answered ${sell.after} ms after the pause`);
      expect(sell.status).toBe(201);
      expect(sell.body.status).toBe('filled');
      expect(sell.after).toBeLessThan(3 * LEASE_MS);
    } catch (error) {
      owner.process.kill('SIGCONT');
      throw error;
    }
    // An order sent to the paused owner waits in its socket; it wakes holding a stale desk.
    const late = call(owner, 'issuer', 'POST', '/api/orders', limit('sell', 1, '100.00'));
    await new Promise((r) => setTimeout(r, 200));
    owner.process.kill('SIGCONT');
    const answered = await late;
    expect(answered.status).toBe(201);
    expect(answered.body.status).toBe('filled');
    // It noticed (heartbeat or fenced write) and forwarded to the new owner instead of writing.
    await expect.poll(() => /lease lost|write fenced/.test(owner.log.join('')), { timeout: 10_000 }).toBe(true);
    const [row] = await selectRows<{ n: number }>(
      database!.db,
      sql`select count(*)::int as n from orders where id = ${answered.body.id}::uuid`,
    );
    expect(row!.n).toBe(1);
    const seen = await books();
    for (const book of seen) expect(book).toEqual(seen[0]);
    expect(seen[0].bids).toEqual([{ price: '100.00', quantity: 2, total: '200.00' }]);
    await expectLedgerInvariants(database!.db);
    // The book's audit chain moved with it (decision 0072): the new owner extended the head the
    // old one left, and the woken old owner added nothing to it.
    const audit = await verifyAuditChain(database!.db);
    expect(audit).toMatchObject({ ok: true });
    expect(audit.chains.find((c) => c.chain === `orders:${bond}`)).toMatchObject({ ok: true });
  }, 120_000);

  it('loses no acknowledged order, cancel or custody move when the owner is killed (-9) under load; the invariants hold', async () => {
    const acknowledged: string[] = [];
    const cancelled: string[] = [];
    /** Idempotency-Key → journal entry of every custody move answered 201. */
    const moves = new Map<string, string>();
    const refused: number[] = [];
    let retried = 0;
    let running = true;
    /** Set at the kill: then the first order SENT after it and answered 201 (failover as a client sees it). */
    let killedAt = Number.POSITIVE_INFINITY;
    let acceptedAgainAt = Number.POSITIVE_INFINITY;
    const alive = () => instances.filter((i) => i.process.exitCode === null && i.process.signalCode === null);
    /** The i-th live instance; none alive fails the test instead of spinning the load loops. */
    const pick = (i: number) => {
      const live = alive();
      if (live.length === 0) throw new Error('no instance is alive');
      return live[i % live.length]!;
    };
    const failed = { status: 0, body: null };
    /** Answers that are neither success nor an honest "try again" (503) nor a dropped connection. */
    const errors: string[] = [];
    const note = (what: string, res: { status: number; body: unknown }) => {
      if (res.status >= 500 && res.status !== 503) errors.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    const orders = async (k: number) => {
      for (let n = 0; running; n++) {
        const via = pick(k + n);
        const [user, side] = (k + n) % 2 === 0 ? ['issuer', 'sell'] : ['investor2', 'buy'];
        const price = side === 'sell' ? '100.01' : '99.99';
        const sentAt = Date.now();
        const res = await call(
          via,
          user,
          'POST',
          '/api/orders',
          limit(side as 'buy' | 'sell', 1, n % 3 === 0 ? '100.00' : price),
        ).catch(() => failed);
        if (res.status === 201) acknowledged.push(res.body.id);
        else refused.push(res.status);
        if (res.status === 201 && sentAt >= killedAt) acceptedAgainAt = Math.min(acceptedAgainAt, Date.now());
        note(`order via ${via.name}`, res);
      }
    };
    // Rests an ask far from the crossing price, then cancels it through another instance.
    const cancels = async (k: number) => {
      for (let n = 0; running; n++) {
        const placed = await call(pick(k + n), 'issuer', 'POST', '/api/orders', {
          ...limit('sell', 1, '100.50'),
        }).catch(() => failed);
        note('resting order', placed);
        if (placed.status !== 201) {
          refused.push(placed.status);
          continue;
        }
        acknowledged.push(placed.body.id);
        const via = pick(k + n + 1);
        const res = await call(via, 'issuer', 'DELETE', `/api/orders/${placed.body.id}`).catch(() => failed);
        if (res.status === 200) cancelled.push(placed.body.id);
        else refused.push(res.status);
        note(`cancel via ${via.name}`, res);
      }
    };
    /** Idempotency-Key → order id of every keyed order answered 201. */
    const keyedOrders = new Map<string, string>();
    // Resting bids, each sent again under its Idempotency-Key until answered: one the dead owner
    // held may have committed, so the owner it is re-routed to must replay it, not place it again.
    const keyed = async (k: number) => {
      for (let n = 0; running; n++) {
        const key = `kill9-order-${k}-${n}`;
        const sentAt = Date.now();
        for (let attempt = 0; attempt < 20; attempt++) {
          const via = pick(k + n + attempt);
          const res = await call(via, 'investor2', 'POST', '/api/orders', limit('buy', 1, '99.98'), {
            'idempotency-key': key,
          }).catch(() => failed);
          note(`keyed order via ${via.name}`, res);
          if (res.status === 201) {
            keyedOrders.set(key, res.body.id);
            acknowledged.push(res.body.id);
            if (sentAt >= killedAt) acceptedAgainAt = Math.min(acceptedAgainAt, Date.now());
            break;
          }
          refused.push(res.status);
          if (res.status !== 503 && res.status !== 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    // Deposits and withdrawals of 1.00, each retried under its key until answered (a flaky client).
    const custody = async (k: number) => {
      for (let n = 0; running; n++) {
        const key = `kill9-${k}-${n}`;
        const direction = n % 2 === 0 ? 'deposits' : 'withdrawals';
        const body = { email: 'investor2@meridian.test', currency: 'USD', amount: '1.00' };
        for (let attempt = 0; attempt < 20; attempt++) {
          const via = pick(k + n + attempt);
          const res = await call(via, 'custodian', 'POST', `/api/custody/${direction}`, body, {
            'idempotency-key': key,
          }).catch(() => failed);
          if (res.status === 201) {
            moves.set(key, res.body.entryId);
            break;
          }
          retried++;
          refused.push(res.status);
          note(`custody ${direction} via ${via.name}`, res);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const workers = [
      ...Array.from({ length: 4 }, (_, k) => orders(k)),
      ...Array.from({ length: 2 }, (_, k) => cancels(k)),
      ...Array.from({ length: 2 }, (_, k) => custody(k)),
      keyed(0),
    ];
    await new Promise((r) => setTimeout(r, 3_000));
    const victimId = (await lease()).owner;
    const victim = ownerOf(victimId);
    killedAt = Date.now();
    victim.process.kill('SIGKILL');
    const before = { orders: acknowledged.length, moves: moves.size, cancels: cancelled.length };
    await expect
      .poll(async () => ownerOf((await lease()).owner) !== victim, { timeout: 20_000, interval: 200 })
      .toBe(true);
    const failover = Date.now() - killedAt;
    // Each kind of request is answered again after the failover (however loaded the machine).
    await expect
      .poll(
        () => acknowledged.length > before.orders && moves.size > before.moves && cancelled.length > before.cancels,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    running = false;
    await Promise.all(workers);
    /** Routed messages the dead owner held, failed by the survivors' watch (decision 0084) rather than the timeout. */
    const heldByVictim = instances
      .flatMap((i) => i.log.join('').split('\n'))
      .filter((line) => line.includes('failed the routed messages an owner held'))
      .map((line) => JSON.parse(line) as { owner: string; messages: number; msg: string; time: number })
      .filter((line) => line.owner === victimId && line.time >= killedAt);
    const failures = instances.flatMap((i) =>
      i.log
        .join('')
        .split('\n')
        .filter((line) => line.includes('request failed'))
        .map((line) => `${i.name}: ${line.slice(0, 1500)}`),
    );
    expect(errors, failures.join('\n')).toEqual([]);
    // The survivors never hand a book back to the dead owner (its heartbeat row still looks
    // live for a lease after the kill): that ping-pong fenced batches and answered 500s.
    const handedToVictim = instances.flatMap((i) =>
      i.log
        .join('')
        .split('\n')
        .filter((line) => line.includes('handed instrument book over') && line.includes(`"to":"${victimId}"`))
        .filter((line) => (JSON.parse(line) as { time: number }).time >= killedAt),
    );
    expect(handedToVictim).toEqual([]);

    // Surveillance still runs on exactly one live instance (a survivor takes over if the victim led it).
    await expect.poll(() => surveillanceLeaders().length, { timeout: 20_000 }).toBe(1);

    const count = async (query: ReturnType<typeof sql>) => (await selectRows<{ n: number }>(database!.db, query))[0]!.n;
    const ids = (list: string[]) => `{${list.join(',')}}`;
    expect(await count(sql`select count(*)::int as n from orders where id = any(${ids(acknowledged)}::uuid[])`)).toBe(
      acknowledged.length,
    );
    expect(
      await count(
        sql`select count(*)::int as n from orders where id = any(${ids(cancelled)}::uuid[]) and status = 'cancelled'`,
      ),
    ).toBe(cancelled.length);
    // Every answered move is booked once, under its key, with the entry it was answered with.
    const booked = await selectRows<{ key: string; entry: string }>(
      database!.db,
      sql`select idempotency_key as key, entry_id::text as entry from custody_moves where idempotency_key like 'kill9-%'`,
    );
    const bookedByKey = new Map(booked.map((b) => [b.key, b.entry]));
    for (const [key, entry] of moves) expect(bookedByKey.get(key)).toBe(entry);
    // Every keyed order answered is placed once, and answered with the order that was placed.
    const placedByKey = new Map(
      (
        await selectRows<{ key: string; id: string }>(
          database!.db,
          sql`select idempotency_key as key, id::text as id from orders where idempotency_key like 'kill9-order-%'`,
        )
      ).map((o) => [o.key, o.id]),
    );
    expect(keyedOrders.size).toBeGreaterThan(0);
    for (const [key, id] of keyedOrders) expect(placedByKey.get(key)).toBe(id);
    // The full list: entries net to zero, balances = journal, no negatives, reservations = open
    // orders and unsettled trades, fills = trades, settlements, units, unique idempotency keys.
    await expectLedgerInvariants(database!.db);
    // Failover under load neither forked nor broke an audit chain (decision 0072).
    expect(await verifyAuditChain(database!.db)).toMatchObject({ ok: true });
    const seen = await books();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    const [bid, ask] = [seen[0].bids[0]?.price, seen[0].asks[0]?.price];
    if (bid && ask) expect(Number(bid)).toBeLessThan(Number(ask));
    console.info(
      `cluster kill -9: ${acknowledged.length} orders, ${cancelled.length} cancels and ${moves.size} custody moves acknowledged, ` +
        `${retried} custody retries, ${refused.length} refused (${[...new Set(refused)].join(',')}), lease moved ${failover} ms after the kill, ` +
        `orders on the book accepted again ${acceptedAgainAt - killedAt} ms after it; ` +
        `in flight to it at the kill: ${heldByVictim.reduce((n, l) => n + l.messages, 0)} routed messages ` +
        `(${heldByVictim.map((l) => l.msg.split(': ')[1]).join('; ') || 'none'})`,
    );
    // Issue 16's failover target, as a client sees it: requests the dead owner held are failed
    // or re-routed within a probe, not at the 10 s NATS timeout (decision 0084).
    expect(acceptedAgainAt - killedAt).toBeLessThan(3_000);
  }, 180_000);
});
