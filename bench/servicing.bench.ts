/**
 * npm run bench:servicing — one coupon date of an instrument with BENCH_HOLDERS holders
 * (default 100,000; issue 12 target: under 5 s on PostgreSQL, in one transaction). Measures
 * `runDueEvents` as production runs it: claim the event (FOR UPDATE SKIP LOCKED), then in the
 * database (set-based, decision 0053) the holdings of record from the journal and each share
 * floor(amount x units / issued), the issuer's cash checked, ONE journal entry of holders + 1
 * lines posted and the balances changed, the event marked paid; nothing per holder in Node.
 * Baseline in the same run, on the same database: the ledger's `post` of a journal entry of
 * the same size (what moving that much cash costs at all), so the ratio is servicing's own
 * overhead. PostgreSQL at BENCH_PG_URL (a throw-away database is created and dropped), else
 * embedded PGlite. BENCH_EXPLAIN=1 (PostgreSQL): the coupon date runs on its own connection
 * with auto_explain (ANALYZE, BUFFERS, nested statements and triggers, every statement over
 * 20 ms) and the plans are printed; its wall time then includes EXPLAIN's own overhead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMonths, instrumentFormSchema } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { prepareDatabase } from '../apps/server/src/app';
import { createDb, selectRows, type Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { users } from '../apps/server/src/db/schema';
import { createInstrument } from '../apps/server/src/modules/instruments/service';
import { depositCash, getOrCreateUserAccount, post, type JournalLine } from '../apps/server/src/modules/ledger';
import { materialiseSchedules, runDueEvents } from '../apps/server/src/modules/servicing/service';

const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** Units per holder: 10 each, the rest stays with the issuer (never paid). */
const UNITS_EACH = 10n;
/** Journal lines per setup entry (the holders receive their units in chunks). */
const SETUP_CHUNK = 5_000;

async function throwAwayDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!PG_URL) return { url: undefined, drop: async () => undefined };
  const name = `bench_servicing_${Date.now()}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Holder users and their ledger accounts, in bulk (the bench is not about sign-up). */
async function createHolders(db: Db, count: number): Promise<string[]> {
  await db.execute(sql`insert into users (name, email, email_verified)
    select 'Bench holder ' || g, 'holder' || g || '@bench.meridian.test', true from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into ledger_accounts (user_id, code)
    select id, 'user:' || id from users where email like 'holder%@bench.meridian.test'`);
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select a.id from ledger_accounts a join users u on u.id = a.user_id where u.email like 'holder%@bench.meridian.test'`,
  );
  return rows.map((r) => r.id);
}

async function main() {
  const target = await throwAwayDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-servicing-'));
  const database = await createDb({ databaseUrl: target.url, dataDir: target.url ? undefined : dataDir });
  try {
    await prepareDatabase(database, { demoMode: false });
    const db = database.db;
    const [issuer] = await db
      .insert(users)
      .values({ name: 'Bench Issuer', email: 'issuer@bench.meridian.test', emailVerified: true })
      .returning({ id: users.id });
    const today = new Date().toISOString().slice(0, 10);
    // 4 % annual coupon on 100 face: 4.00 per unit a year; enough units for every holder and the issuer.
    const units = BigInt(HOLDERS) * UNITS_EACH * 2n;
    const instrumentId = await createInstrument(
      db,
      issuer!.id,
      instrumentFormSchema.parse({
        contractType: 'PAM',
        name: 'Bench Servicing 4% PAM',
        notionalAmount: Number(units * 100n),
        currency: 'USD',
        issueDate: today,
        maturityDate: addMonths(today, 24),
        interestRate: 4,
        paymentFrequency: 'P1Y',
        dayCountConvention: '30/360',
      }),
    );
    const issuerAccount = await db.transaction((tx) => getOrCreateUserAccount(tx, issuer!.id));
    await db.transaction((tx) =>
      depositCash(tx, { userId: issuer!.id, currency: 'USD', amount: units * 1_000n, reference: 'bench:issuer-cash' }),
    );

    let started = performance.now();
    const holders = await createHolders(db, HOLDERS);
    for (let i = 0; i < holders.length; i += SETUP_CHUNK) {
      const chunk = holders.slice(i, i + SETUP_CHUNK);
      const lines: JournalLine[] = [
        {
          accountId: issuerAccount,
          assetType: 'units',
          asset: instrumentId,
          amount: -UNITS_EACH * BigInt(chunk.length),
        },
        ...chunk.map((accountId) => ({
          accountId,
          assetType: 'units' as const,
          asset: instrumentId,
          amount: UNITS_EACH,
        })),
      ];
      await db.transaction((tx) => post(tx, [{ kind: 'trade', reference: `bench:placement:${i}`, lines }]));
    }
    const setupMs = performance.now() - started;

    // Baselines: one journal entry moving cash to every holder (the ledger's cost alone), first
    // creating each holder's cash balance (insert path), then again onto existing balances
    // (update path, as a coupon to holders who already hold cash).
    const baselineLines: JournalLine[] = [
      { accountId: issuerAccount, assetType: 'cash', asset: 'USD', amount: -BigInt(holders.length) },
      ...holders.map((accountId) => ({ accountId, assetType: 'cash' as const, asset: 'USD', amount: 1n })),
    ];
    const timedPost = async (reference: string) => {
      const cpuBefore = process.cpuUsage();
      const t0 = performance.now();
      await db.transaction((tx) => post(tx, [{ kind: 'deposit', reference, lines: baselineLines }]));
      return { ms: performance.now() - t0, cpu: process.cpuUsage(cpuBefore) };
    };
    const insertPath = await timedPost('bench:baseline:insert');
    const { ms: baselineMs, cpu: baselineCpu } = await timedPost('bench:baseline:update');

    await materialiseSchedules(db);
    const couponDay = new Date(`${addMonths(today, 12)}T12:00:00Z`);
    const plans: string[] = [];
    let explainClient: postgres.Sql | null = null;
    let runDb: Db = db;
    if (EXPLAIN && target.url) {
      explainClient = postgres(target.url, { max: 1, onnotice: (n) => plans.push(n.message ?? '') });
      for (const setting of [
        `load 'auto_explain'`,
        'set auto_explain.log_min_duration = 20',
        'set auto_explain.log_analyze = on',
        'set auto_explain.log_buffers = on',
        'set auto_explain.log_nested_statements = on',
        'set auto_explain.log_triggers = on',
        `set auto_explain.log_level = 'notice'`,
      ])
        await explainClient.unsafe(setting);
      runDb = drizzle({ client: explainClient, schema }) as unknown as Db;
    }
    const cpu = process.cpuUsage();
    started = performance.now();
    const outcomes = await runDueEvents(runDb, couponDay);
    const servicingMs = performance.now() - started;
    const servicingCpu = process.cpuUsage(cpu);
    if (explainClient) {
      await explainClient.end();
      console.log(plans.join('\n\n'));
    }
    const [paid] = await selectRows<{ status: string; holders: number; paid: string; lines: string }>(
      db,
      sql`select e.status, e.holders, e.paid_amount::text as paid,
          (select count(*) from journal_lines l where l.entry_id = e.journal_entry_id)::text as lines
        from servicing_events e where e.instrument_id = ${instrumentId} and e.event_type = 'IP' order by e.event_time limit 1`,
    );
    if (outcomes.length !== 1 || paid?.status !== 'paid' || paid.holders !== HOLDERS)
      throw new Error(`unexpected outcome: ${JSON.stringify({ outcomes, paid })}`);
    // Each holder: floor(coupon x 10 / units); coupon = 4 % of the notional.
    const coupon = (units * 100n * 100n * 4n) / 100n;
    const expectedEach = (coupon * UNITS_EACH) / units;
    if (BigInt(paid.paid) !== expectedEach * BigInt(HOLDERS)) throw new Error(`paid ${paid.paid}`);

    const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(
      `bench:servicing — ${PG_URL ? 'PostgreSQL' : 'PGlite'}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    );
    console.log(`load average (1/5/15 min): ${load.join(' / ')}`);
    console.log(`holders: ${HOLDERS.toLocaleString('en-US')} (setup ${(setupMs / 1000).toFixed(1)} s)`);
    console.log(
      `one coupon date (claim, holdings of record and shares in SQL, ${paid.lines} journal lines, mark paid; one transaction): ${servicingMs.toFixed(0)} ms, ` +
        `${((servicingMs * 1000) / HOLDERS).toFixed(1)} µs/holder, node CPU ${cpuMs(servicingCpu).toFixed(0)} ms (${((cpuMs(servicingCpu) * 1000) / HOLDERS).toFixed(1)} µs/holder)`,
    );
    console.log(
      `baseline, ledger post of the same size onto new balances: ${insertPath.ms.toFixed(0)} ms, node CPU ${cpuMs(insertPath.cpu).toFixed(0)} ms`,
    );
    console.log(
      `baseline, ledger post of the same size onto existing balances: ${baselineMs.toFixed(0)} ms, node CPU ${cpuMs(baselineCpu).toFixed(0)} ms`,
    );
    console.log(
      `servicing / baseline: ${(servicingMs / baselineMs).toFixed(2)}x; target < 5000 ms: ${servicingMs < 5000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await target.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
