import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/json-rows';
import { auditEvents } from '../../db/schema';
import { type AuditContent, type ChainPlace, chainHash, GENESIS_HASH } from './chain';
import { MAIN_CHAIN } from './record';

/** One chain's verdict: intact up to its head, or the first link that does not hold. */
export type ChainVerdict =
  | { chain: string; ok: true; rows: number; headHash: string }
  | { chain: string; ok: false; rows: number; brokenAt: number; reason: string };

/**
 * The whole trail: ok when every chain holds; otherwise the first broken chain's row (`brokenAt`,
 * its `seq`) and reason. `rows` counts the rows verified, `chains` has every chain's verdict.
 */
export type VerifyResult = (
  { ok: true; rows: number } | { ok: false; rows: number; brokenAt: number; chain: string; reason: string }
) & { chains: ChainVerdict[] };

const PAGE = 1000;

type Row = typeof auditEvents.$inferSelect;

/**
 * Walks every chain (decision 0072: 'main', and one per instrument's book writer) in its own
 * order and recomputes every hash; per chain, stops at the first row whose place, previous-hash
 * link or own hash does not hold, or that breaks the trail's order (`seq` grows along a chain).
 */
export async function verifyAuditChain(db: Db): Promise<VerifyResult> {
  const chains = [MAIN_CHAIN, ...(await chainNames(db)).filter((c) => c !== MAIN_CHAIN)];
  const verdicts: ChainVerdict[] = [];
  for (const chain of chains) verdicts.push(await verifyChain(db, chain));
  const rows = verdicts.reduce((n, v) => n + v.rows, 0);
  const broken = verdicts.find((v) => !v.ok);
  return broken && !broken.ok
    ? { ok: false, rows, brokenAt: broken.brokenAt, chain: broken.chain, reason: broken.reason, chains: verdicts }
    : { ok: true, rows, chains: verdicts };
}

/** The chains that have rows placed by chain_seq, read off their index one name at a time. */
async function chainNames(db: Db): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`with recursive c(chain) as (
        (select chain from audit_events where chain_seq is not null order by chain limit 1)
        union all
        select (select e.chain from audit_events e where e.chain_seq is not null and e.chain > c.chain order by e.chain limit 1)
        from c where c.chain is not null)
      select chain from c where chain is not null`),
  );
  return rows.map((r) => String(r.chain));
}

async function verifyChain(db: Db, chain: string): Promise<ChainVerdict> {
  let place = 0;
  let prevHash = GENESIS_HASH;
  let lastSeq = 0;
  let rows = 0;
  /** Checks one row at the next place; a reason when the chain breaks there. */
  const check = (row: Row, at: ChainPlace, found: number): string | null => {
    if (found !== place + 1) return `row ${place + 1} of chain ${chain} is missing`;
    if (row.seq <= lastSeq) return `out of order: seq ${row.seq} after ${lastSeq}`;
    if (row.prevHash !== prevHash) return 'previous-hash link does not match the row before';
    const { seq: _s, prevHash: _p, hash, chain: _c, chainSeq: _cs, ...content } = row;
    if (chainHash(at, prevHash, content as AuditContent) !== hash)
      return 'content does not match its hash (row altered)';
    return null;
  };
  const walk = async (page: () => Promise<Row[]>, placeOf: (row: Row) => [ChainPlace, number]) => {
    for (;;) {
      const batch = await page();
      for (const row of batch) {
        const [at, found] = placeOf(row);
        const reason = check(row, at, found);
        if (reason) return { chain, ok: false as const, rows, brokenAt: row.seq, reason };
        prevHash = row.hash;
        place = found;
        lastSeq = row.seq;
        rows += 1;
      }
      if (batch.length < PAGE) return null;
    }
  };
  // 'main' starts with the rows written before migration 0035: placed (and hashed) by seq.
  if (chain === MAIN_CHAIN) {
    const legacy = await walk(
      () =>
        db
          .select()
          .from(auditEvents)
          .where(and(isNull(auditEvents.chainSeq), gt(auditEvents.seq, lastSeq)))
          .orderBy(asc(auditEvents.seq))
          .limit(PAGE),
      (row) => [{ seq: row.seq }, row.seq],
    );
    if (legacy) return legacy;
  }
  const broken = await walk(
    () =>
      db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.chain, chain), isNotNull(auditEvents.chainSeq), gt(auditEvents.chainSeq, place)))
        .orderBy(asc(auditEvents.chainSeq))
        .limit(PAGE),
    (row) => [{ chain, chainSeq: row.chainSeq! }, row.chainSeq!],
  );
  return broken ?? { chain, ok: true, rows, headHash: prevHash };
}
