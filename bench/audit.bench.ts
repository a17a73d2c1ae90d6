/**
 * npm run bench:audit — what the append-only, hash-chained audit row costs a permissioned write
 * (issue 10: "audit rows add at most 10 %"). One process, one database, both variants in the
 * same run, alternated in rounds (A B B A …) so both see the same machine:
 *   - without audit: the permission decision (`cachedCandidates` + `decidePermission`, as
 *     `requirePermission` does), then one transaction that checks the code is free and inserts a
 *     department (what `createDepartment` does);
 *   - with audit: the same, plus `recordAudit` in the same transaction (advisory lock, chain
 *     head read, SHA-256 over the canonical row, insert) — the real code path of every audited
 *     change.
 * Clients: BENCH_CLIENTS (default "1,8") concurrent writers; BENCH_OPS writes per round and
 * variant (default 300); BENCH_ROUNDS (default 4, even). Database: embedded PGlite unless
 * BENCH_PG_URL is set. Figures: writes/s per variant, the ratio, p50/p99 latency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { prepareDatabase } from '../apps/server/src/app';
import { createDb, type Db } from '../apps/server/src/db/client';
import { departments, users } from '../apps/server/src/db/schema';
import { cachedCandidates } from '../apps/server/src/modules/access/decision-cache';
import { decidePermission } from '../apps/server/src/modules/access/resolve';
import { recordAudit } from '../apps/server/src/modules/audit/record';

const PG_URL = process.env.BENCH_PG_URL;
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8').split(',').map(Number);
const OPS = Number(process.env.BENCH_OPS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

let serial = 0;

async function permissionedWrite(db: Db, actor: { id: string; email: string }, withAudit: boolean) {
  const decision = decidePermission(await cachedCandidates(db, actor.id, 'manage_departments'));
  if (!decision.hasPermission) throw new Error('the bench actor lacks manage_departments');
  const code = `BENCH${process.pid}X${++serial}`;
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.code, code));
    if (existing) throw new Error(`duplicate ${code}`);
    const [row] = await tx
      .insert(departments)
      .values({ name: `Bench ${serial}`, code, budgetAuthority: 100_000n, complianceLevel: 'standard' })
      .returning();
    if (withAudit)
      await recordAudit(tx, {
        action: 'access.department.create',
        actorId: actor.id,
        actorEmail: actor.email,
        authorisedBy: `manage_departments (${decision.source})`,
        subjectType: 'department',
        subjectId: row!.id,
        after: { code: row!.code, name: row!.name, budgetAuthority: '1000.00', requiresDualControl: false },
        requestId: randomUUID(),
        clientAddress: '127.0.0.1',
      });
  });
}

/** `ops` writes spread over `clients` concurrent loops; returns each write's latency (ms) and the wall time (s). */
async function round(db: Db, actor: { id: string; email: string }, withAudit: boolean, clients: number, ops: number) {
  const latencies: number[] = [];
  let left = ops;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left > 0) {
        left--;
        const t0 = performance.now();
        await permissionedWrite(db, actor, withAudit);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-audit-'));
  const database = await createDb({ databaseUrl: PG_URL, dataDir: PG_URL ? undefined : dataDir });
  try {
    await prepareDatabase(database, { demoMode: true, demoActivity: false });
    const db = database.db;
    const [actor] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, 'admin@meridian.test'));
    if (!actor) throw new Error('seed has no admin@meridian.test');
    console.log(
      `bench:audit — ${database.kind}, ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ` +
        `${OPS} writes × ${ROUNDS} rounds per variant, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    // Warm-up: both paths, caches and JIT.
    await round(db, actor, false, 1, 50);
    await round(db, actor, true, 1, 50);
    for (const clients of CLIENTS) {
      const totals = { without: { ops: 0, s: 0, lat: [] as number[] }, with: { ops: 0, s: 0, lat: [] as number[] } };
      for (let r = 0; r < ROUNDS; r++) {
        // A B B A: each variant goes first equally often.
        const order = r % 2 === 0 ? [false, true] : [true, false];
        for (const withAudit of order) {
          const { latencies, seconds } = await round(db, actor, withAudit, clients, OPS);
          const t = withAudit ? totals.with : totals.without;
          t.ops += latencies.length;
          t.s += seconds;
          t.lat.push(...latencies);
        }
      }
      const rate = (t: typeof totals.with) => t.ops / t.s;
      for (const [name, t] of Object.entries(totals)) {
        const sorted = [...t.lat].sort((a, b) => a - b);
        console.log(
          `${clients} client(s), ${name.padEnd(7)} audit: ${rate(t).toFixed(0)} writes/s, ` +
            `p50 ${pct(sorted, 0.5).toFixed(2)} ms, p99 ${pct(sorted, 0.99).toFixed(2)} ms`,
        );
      }
      const ratio = rate(totals.with) / rate(totals.without);
      console.log(
        `${clients} client(s): with/without = ${ratio.toFixed(3)} (audit costs ${((1 - ratio) * 100).toFixed(1)} % of writes/s; budget 10 %)`,
      );
    }
    console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
