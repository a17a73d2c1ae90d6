import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { type AuditContent, chainHash, GENESIS_HASH } from './chain';

export type VerifyResult =
  { ok: true; rows: number; headHash: string } | { ok: false; rows: number; brokenAt: number; reason: string };

const PAGE = 1000;

/**
 * Walks the chain in `seq` order and recomputes every hash; stops at the first row whose
 * sequence number, previous-hash link or own hash does not hold.
 */
export async function verifyAuditChain(db: Db): Promise<VerifyResult> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let rows = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.seq, expectedSeq - 1))
      .orderBy(asc(auditEvents.seq))
      .limit(PAGE);
    for (const row of page) {
      const broken = (reason: string) => ({ ok: false as const, rows, brokenAt: row.seq, reason });
      if (row.seq !== expectedSeq) return { ...broken(`row ${expectedSeq} is missing`), brokenAt: expectedSeq };
      if (row.prevHash !== prevHash) return broken('previous-hash link does not match the row before');
      const { seq, prevHash: _p, hash, ...content } = row;
      if (chainHash(seq, prevHash, content as AuditContent) !== hash)
        return broken('content does not match its hash (row altered)');
      prevHash = hash;
      expectedSeq += 1;
      rows += 1;
    }
    if (page.length < PAGE) return { ok: true, rows, headHash: prevHash };
  }
}
