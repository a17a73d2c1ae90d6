import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../test/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMonths, instrumentFormSchema } from '@meridian/schemas';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../app';
import { createDb, selectRows, type Database } from '../../db/client';
import { instruments, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/users';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createInstrument } from '../instruments/service';
import { depositCash, getOrCreateUserAccount, post, type JournalLine } from '../ledger';

// Issue 12, "Bad input and faults": a real server process killed with SIGKILL in the middle of
// a servicing run (many due coupons of an instrument with many holders); after the restart every
// event is paid exactly once and the books' invariants hold (cash and units conserved). Not yet
// here: the kill in the middle of a T+N settlement batch (a draft waited on the daily job, which
// did not always run within 5 min after its run_at was moved). PGlite on disk by default; a fresh PostgreSQL database when
// TEST_DATABASE_URL is set (the CI's PostgreSQL pass).
const PG_URL = process.env.TEST_DATABASE_URL;
const SERVER = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
/** Holders of the serviced bond and its monthly coupons already due (issued this many months ago). */
const HOLDERS = 600;
const MONTHS_AGO = 36;
const UNITS_EACH = 10n;

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-kill9-'));
const dbName = `meridian_kill9_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
let dbUrl = '';
let admin: postgres.Sql | null = null;
let server: ChildProcess | null = null;
let port = 0;

/** The test's own connection; on PGlite only while no server holds the data directory. */
function open(): Promise<Database> {
  return createDb(PG_URL ? { databaseUrl: dbUrl } : { dataDir });
}

async function withDb<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function start(settlementRunTime = '23:59'): Promise<void> {
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: PG_URL ? dbUrl : '',
      DEMO_MODE: 'true',
      LIQUIDITY_PROVIDER: 'false',
      SETTLEMENT_RUN_TIME: settlementRunTime,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 1_200; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function kill9(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  server.kill('SIGKILL');
  await exited;
  server = null;
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** JSON of several shapes, checked by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function call(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { cookie, origin: `http://localhost:${port}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/** Polls `probe` until it answers true (or the time is up: false). */
async function until(probe: () => Promise<boolean>, ms: number, every = 50): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, every));
  }
  return false;
}

afterAll(async () => {
  await kill9();
  rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

/** A bond issued MONTHS_AGO paying monthly, its units spread over HOLDERS holders since issue. */
async function setUp(): Promise<{ serviced: string; traded: string }> {
  if (PG_URL) {
    admin = postgres(PG_URL, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
  }
  return withDb(async (database) => {
    await prepareDatabase(database, { demoMode: true, demoActivity: false });
    const db = database.db;
    const [issuer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'issuer@meridian.test'));
    const today = new Date().toISOString().slice(0, 10);
    const issueDate = addMonths(today, -MONTHS_AGO);
    const issuedAt = new Date(`${issueDate}T00:00:00Z`);
    const units = BigInt(HOLDERS) * UNITS_EACH * 2n;
    const serviced = await createInstrument(
      db,
      issuer!.id,
      instrumentFormSchema.parse({
        contractType: 'PAM',
        name: 'Kill9 Monthly 6% PAM',
        notionalAmount: Number(units * 100n),
        currency: 'USD',
        issueDate,
        maturityDate: addMonths(today, 24),
        interestRate: 6,
        paymentFrequency: 'P1M',
        dayCountConvention: '30/360',
      }),
      issuedAt,
    );
    await db.update(instruments).set({ createdAt: issuedAt }).where(eq(instruments.id, serviced));
    const traded = await createInstrument(
      db,
      issuer!.id,
      instrumentFormSchema.parse({
        contractType: 'PAM',
        name: 'Kill9 T+2 Bond',
        notionalAmount: 1_000_000,
        currency: 'USD',
        issueDate: today,
        maturityDate: addMonths(today, 36),
        interestRate: 3,
        paymentFrequency: 'P1Y',
        dayCountConvention: '30/360',
      }),
      new Date(),
      2,
    );
    await db.execute(sql`insert into users (name, email, email_verified)
      select 'Kill9 holder ' || g, 'holder' || g || '@kill9.meridian.test', true from generate_series(1, ${HOLDERS}) g`);
    await db.execute(sql`insert into ledger_accounts (user_id, code)
      select id, 'user:' || id from users where email like 'holder%@kill9.meridian.test'`);
    const holders = await selectRows<{ id: string }>(
      db,
      sql`select a.id from ledger_accounts a join users u on u.id = a.user_id where u.email like 'holder%@kill9.meridian.test'`,
    );
    const issuerAccount = await db.transaction((tx) => getOrCreateUserAccount(tx, issuer!.id));
    const lines: JournalLine[] = [
      { accountId: issuerAccount, assetType: 'units', asset: serviced, amount: -UNITS_EACH * BigInt(HOLDERS) },
      ...holders.map((h) => ({ accountId: h.id, assetType: 'units' as const, asset: serviced, amount: UNITS_EACH })),
    ];
    await db.transaction((tx) =>
      post(tx, [{ kind: 'trade', reference: 'kill9:placement', lines, createdAt: issuedAt }]),
    );
    await db.transaction((tx) =>
      depositCash(tx, { userId: issuer!.id, currency: 'USD', amount: units * 100_000n, reference: 'kill9:cash' }),
    );
    return { serviced, traded };
  });
}

/** Exactly-once: each paid event has one servicing journal entry, and each holder got each coupon once. */
async function expectServicedOnce(serviced: string): Promise<{ paid: number; scheduled: number }> {
  return withDb(async ({ db }) => {
    const entries = await selectRows<{ event: string; entries: string; status: string; linked: boolean }>(
      db,
      sql`select e.id as event, e.status, count(j.id)::text as entries, bool_and(j.id = e.journal_entry_id) as linked
        from servicing_events e left join journal_entries j on j.kind = 'servicing' and j.reference = 'servicing:' || e.id::text
        where e.instrument_id = ${serviced} group by e.id, e.status`,
    );
    for (const row of entries) {
      expect(row.entries, `event ${row.event} (${row.status})`).toBe(row.status === 'paid' ? '1' : '0');
      if (row.status === 'paid') expect(row.linked).toBe(true);
    }
    // Every holder received the same number of coupon lines as there are paid events.
    const perHolder = await selectRows<{ lines: string; holders: string }>(
      db,
      sql`select n::text as lines, count(*)::text as holders from (
          select l.account_id, count(*) as n from journal_lines l join journal_entries j on j.id = l.entry_id
          join servicing_events e on e.journal_entry_id = j.id
          where e.instrument_id = ${serviced} and l.amount > 0 group by l.account_id) x group by n`,
    );
    const paid = entries.filter((r) => r.status === 'paid').length;
    if (paid > 0) expect(perHolder).toEqual([{ lines: String(paid), holders: String(HOLDERS) }]);
    await expectLedgerInvariants(db);
    return { paid, scheduled: entries.filter((r) => r.status === 'scheduled').length };
  });
}

// PGlite (the default) was not run to completion before landing; the PostgreSQL pass was.
describe.skipIf(!PG_URL)('kill -9 during servicing and settlement', () => {
  it('pays every event exactly once after SIGKILL mid-run', async () => {
    const { serviced } = await setUp();

    // 1. Servicing: the start-up run pays the due monthly coupons one event per transaction.
    await start();
    const investor = await signIn('investor@meridian.test');
    const paidNow = async () =>
      ((await call(investor, 'GET', `/api/instruments/${serviced}/events`)).body.events as { status: string }[]).filter(
        (e) => e.status === 'paid',
      ).length;
    expect(await until(async () => (await paidNow()) >= 2, 300_000)).toBe(true);
    await kill9();
    const atKill = await expectServicedOnce(serviced);
    // The kill landed mid-run: some events paid, some still scheduled.
    expect(atKill.paid).toBeGreaterThan(0);
    expect(atKill.scheduled).toBeGreaterThan(0);

    // 2. Restart: the run catches up and pays the rest, none twice.
    await start();
    const investorAgain = await signIn('investor@meridian.test');
    const allPaid = async () =>
      (
        (await call(investorAgain, 'GET', `/api/instruments/${serviced}/events`)).body.events as {
          status: string;
          eventTime: string;
        }[]
      ).every((e) => e.status !== 'scheduled' || new Date(e.eventTime) > new Date());
    expect(await until(allPaid, 600_000, 250)).toBe(true);

    await kill9();
    const afterServicing = await expectServicedOnce(serviced);
    expect(afterServicing.paid).toBeGreaterThan(atKill.paid);
  }, 1_800_000);
});
