/**
 * npm run bench:audit — what the append-only, hash-chained audit row costs a permissioned write
 * (issue 10: "audit rows add at most 10 %"). One process, one database, every variant in the
 * same run, alternated in rounds (the order rotates each round) so all see the same machine.
 * Each starts with the permission decision (`cachedCandidates` + `decidePermission`, as
 * `requirePermission` does) and creates a department:
 *   - none: one transaction that checks the code is free and inserts the department (what
 *     `createDepartment` did before it was audited);
 *   - tx: the same plus `recordAudit` in that transaction (the shape every other audited
 *     change has: one more statement, `audit_chain_append`);
 *   - plain: the code check, then the insert alone as one statement (the shape of today's
 *     `createDepartment` without its audit row);
 *   - one: today's `createDepartment`: the code check, then the insert and its audit row in ONE
 *     statement (the audit append as a CTE, decision 0061).
 * Clients: BENCH_CLIENTS (default "1,8") concurrent writers; BENCH_OPS writes per round and
 * variant (default 300); BENCH_ROUNDS (default 6). Database: embedded PGlite unless
 * BENCH_PG_URL is set. Figures: writes/s per variant, the ratios, p50/p99 latency, CPU
 * (user+system) of this process per write, load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { prepareDatabase } from '../apps/server/src/app';
import { createDb, type Db } from '../apps/server/src/db/client';
import { departments, users } from '../apps/server/src/db/schema';
import { cachedCandidates } from '../apps/server/src/modules/access/decision-cache';
import { decidePermission } from '../apps/server/src/modules/access/resolve';
import { createDepartment } from '../apps/server/src/modules/access/admin-catalogue';
import { recordAudit, type AuditEntry } from '../apps/server/src/modules/audit/record';

const PG_URL = process.env.BENCH_PG_URL;
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8').split(',').map(Number);
const OPS = Number(process.env.BENCH_OPS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

type Variant = 'none' | 'tx' | 'plain' | 'one';
const VARIANTS: Variant[] = ['none', 'tx', 'plain', 'one'];

let serial = 0;

async function permissionedWrite(db: Db, actor: { id: string; email: string }, variant: Variant) {
  const decision = decidePermission(await cachedCandidates(db, actor.id, 'manage_departments'));
  if (!decision.hasPermission) throw new Error('the bench actor lacks manage_departments');
  const code = `BENCH${process.pid}X${++serial}`;
  const name = `Bench ${serial}`;
  const audit = {
    actorId: actor.id,
    actorEmail: actor.email,
    authorisedBy: `manage_departments (${decision.source})`,
    requestId: randomUUID(),
    clientAddress: '127.0.0.1',
  };
  if (variant === 'one') {
    await createDepartment(db, { name, code, budgetAuthority: '100000' }, audit);
    return;
  }
  if (variant === 'plain') {
    const [existing] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, code));
    if (existing) throw new Error(`duplicate ${code}`);
    await db.execute(sql`insert into departments (id, name, code, budget_authority, compliance_level, requires_dual_control, created_at)
      values (${randomUUID()}, ${name}, ${code}, ${'10000000'}::bigint, 'standard', false, ${new Date().toISOString()}::timestamptz)`);
    return;
  }
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.code, code));
    if (existing) throw new Error(`duplicate ${code}`);
    const [row] = await tx
      .insert(departments)
      .values({ name, code, budgetAuthority: 10_000_000n, complianceLevel: 'standard' })
      .returning();
    if (variant === 'none') return;
    const entry: AuditEntry = {
      ...audit,
      action: 'access.department.create',
      subjectType: 'department',
      subjectId: row!.id,
      after: {
        id: row!.id,
        code: row!.code,
        name: row!.name,
        budgetAuthority: '100000.00',
        requiresDualControl: false,
      },
    };
    await recordAudit(tx, entry);
  });
}

/** `ops` writes spread over `clients` concurrent loops; each write's latency (ms), the wall time (s), CPU (µs). */
async function round(db: Db, actor: { id: string; email: string }, variant: Variant, clients: number, ops: number) {
  const latencies: number[] = [];
  let left = ops;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left > 0) {
        left--;
        const t0 = performance.now();
        await permissionedWrite(db, actor, variant);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { latencies, seconds: (performance.now() - started) / 1000, cpuMicros: cpu.user + cpu.system };
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
    // Warm-up: every path, caches and JIT.
    for (const variant of VARIANTS) await round(db, actor, variant, 1, 50);
    for (const clients of CLIENTS) {
      const totals = Object.fromEntries(
        VARIANTS.map((v) => [v, { ops: 0, s: 0, cpu: 0, lat: [] as number[] }]),
      ) as Record<Variant, { ops: number; s: number; cpu: number; lat: number[] }>;
      for (let r = 0; r < ROUNDS; r++) {
        // Rotate the order each round, so each variant goes first, second and last equally often.
        const order = VARIANTS.map((_, i) => VARIANTS[(i + r) % VARIANTS.length]!);
        for (const variant of order) {
          const { latencies, seconds, cpuMicros } = await round(db, actor, variant, clients, OPS);
          const t = totals[variant];
          t.ops += latencies.length;
          t.s += seconds;
          t.cpu += cpuMicros;
          t.lat.push(...latencies);
        }
      }
      const rate = (v: Variant) => totals[v].ops / totals[v].s;
      for (const variant of VARIANTS) {
        const t = totals[variant];
        const sorted = [...t.lat].sort((a, b) => a - b);
        console.log(
          `${clients} client(s), audit ${variant.padEnd(6)}: ${rate(variant).toFixed(1)} writes/s, ` +
            `p50 ${pct(sorted, 0.5).toFixed(2)} ms, p99 ${pct(sorted, 0.99).toFixed(2)} ms, ` +
            `CPU ${(t.cpu / t.ops / 1000).toFixed(2)} ms/write (this process)`,
        );
      }
      for (const [audited, bare] of [
        ['tx', 'none'],
        ['one', 'plain'],
        ['one', 'none'],
      ] as const) {
        const ratio = rate(audited) / rate(bare);
        console.log(
          `${clients} client(s): ${audited}/${bare} = ${ratio.toFixed(3)} (${((1 - ratio) * 100).toFixed(1)} % fewer writes/s; budget 10 %)`,
        );
      }
      console.log(
        `load average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
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
