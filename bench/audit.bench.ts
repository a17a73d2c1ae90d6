/**
 * npm run bench:audit — what the append-only, hash-chained audit row costs a permissioned write
 * (issue 10: "audit rows add at most 10 %"). One process, one database, every variant in the
 * same run, alternated in rounds (the order rotates each round) so all see the same machine:
 *   - none: the permission decision (`cachedCandidates` + `decidePermission`, as
 *     `requirePermission` does), then one transaction that checks the code is free and inserts a
 *     department (what `createDepartment` does);
 *   - before: the same plus the audit append as it was before migration 0027, kept here only to
 *     compare: advisory lock, chain head read, SHA-256 in Node, insert (three round trips);
 *   - after: the same plus `recordAudit` as it is now (one statement: `audit_chain_rows` locks,
 *     reads the head after the lock, hashes, one multi-row INSERT).
 * Clients: BENCH_CLIENTS (default "1,8") concurrent writers; BENCH_OPS writes per round and
 * variant (default 300); BENCH_ROUNDS (default 6). Database: embedded PGlite unless
 * BENCH_PG_URL is set. Figures: writes/s per variant, the ratios to none, p50/p99 latency,
 * CPU (user+system) of this process per write, load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { prepareDatabase } from '../apps/server/src/app';
import { createDb, type Db } from '../apps/server/src/db/client';
import type { Tx } from '../apps/server/src/db/client';
import { auditEvents, departments, users } from '../apps/server/src/db/schema';
import { cachedCandidates } from '../apps/server/src/modules/access/decision-cache';
import { decidePermission } from '../apps/server/src/modules/access/resolve';
import { chainHash, GENESIS_HASH } from '../apps/server/src/modules/audit/chain';
import { CHAIN_LOCK_KEY, recordAudit, type AuditEntry } from '../apps/server/src/modules/audit/record';

const PG_URL = process.env.BENCH_PG_URL;
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8').split(',').map(Number);
const OPS = Number(process.env.BENCH_OPS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

type Variant = 'none' | 'before' | 'after';
const VARIANTS: Variant[] = ['none', 'before', 'after'];

/** The append as it was before migration 0027 (three round trips), for the comparison only. */
async function recordAuditBefore(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
  const [head] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  const seq = (head?.seq ?? 0) + 1;
  const prevHash = head?.hash ?? GENESIS_HASH;
  const content = {
    occurredAt: new Date(),
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    authorisedBy: entry.authorisedBy ?? null,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
    clientAddress: entry.clientAddress ?? null,
  };
  await tx.insert(auditEvents).values({ seq, ...content, prevHash, hash: chainHash(seq, prevHash, content) });
}

let serial = 0;

async function permissionedWrite(db: Db, actor: { id: string; email: string }, variant: Variant) {
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
    if (variant === 'none') return;
    const entry: AuditEntry = {
      action: 'access.department.create',
      actorId: actor.id,
      actorEmail: actor.email,
      authorisedBy: `manage_departments (${decision.source})`,
      subjectType: 'department',
      subjectId: row!.id,
      after: { code: row!.code, name: row!.name, budgetAuthority: '1000.00', requiresDualControl: false },
      requestId: randomUUID(),
      clientAddress: '127.0.0.1',
    };
    if (variant === 'before') await recordAuditBefore(tx, entry);
    else await recordAudit(tx, entry);
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
      for (const variant of ['before', 'after'] as const) {
        const ratio = rate(variant) / rate('none');
        console.log(
          `${clients} client(s): ${variant}/none = ${ratio.toFixed(3)} (audit costs ${((1 - ratio) * 100).toFixed(1)} % of writes/s; budget 10 %)`,
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
