import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { surveillanceCursors } from '../../db/schema';
import { persistDetections } from './cases';
import { RULE_PARAMETERS } from './rules';
import { flowRules } from './scan/flow';
import { markingCloseRule } from './scan/marking-close';
import type { Pass, RuleGroup } from './scan/pass';
import { spoofingRule } from './scan/spoofing';
import { tradesAfter } from './scan/trades';

// Runs the rules incrementally: each group of rules keeps a cursor over the trade sequence and
// reads only the trades after it, once they are old enough for the rule to judge them (a
// spoofing cancel can follow the fill by `cancelWithinMs`; a closing window must have closed).
// Cursor, cases and audit rows change in one transaction; the cursor row is locked, so two
// servers never judge the same trades twice. Each group's reads live in scan/<group>.ts.

/** Trades judged per transaction. */
export const SCAN_BATCH = 5_000;

export const RULE_GROUPS: RuleGroup[] = [
  { name: 'flow', lagMs: 0, detect: flowRules },
  { name: 'spoofing', lagMs: RULE_PARAMETERS.spoofing.cancelWithinMs, detect: spoofingRule },
  { name: 'marking_close', lagMs: RULE_PARAMETERS.marking_close.windowMs, detect: markingCloseRule },
];

/** One pass of one rule group: judges up to SCAN_BATCH trades; returns how many it judged. */
export async function scanGroup(db: Db, group: RuleGroup, now: Date): Promise<number> {
  const committed: (() => void)[] = [];
  const judged = await db.transaction(async (tx) => {
    await tx.insert(surveillanceCursors).values({ rule: group.name, lastSequence: 0n }).onConflictDoNothing();
    const [cursor] = await selectRows<{ last: string }>(
      tx,
      sql`select last_sequence::text as last from surveillance_cursors where rule = ${group.name} for update`,
    );
    const cutoff = now.getTime() - group.lagMs;
    const fetched = await tradesAfter(tx, BigInt(cursor!.last), SCAN_BATCH, cutoff);
    // `at` is rounded to the millisecond: the same stop, checked on what was read.
    const young = fetched.findIndex((t) => t.at > cutoff);
    const batch = young === -1 ? fetched : fetched.slice(0, young);
    if (batch.length === 0) return 0;
    const pass: Pass = { db, after: BigInt(cursor!.last), onCommit: (fn) => committed.push(fn) };
    await persistDetections(tx, await group.detect(tx, batch, pass), now);
    await tx.execute(
      sql`update surveillance_cursors set last_sequence = ${batch.at(-1)!.sequence.toString()}::bigint, updated_at = now()
          where rule = ${group.name}`,
    );
    return batch.length;
  });
  for (const fn of committed) fn();
  return judged;
}

/** Runs every group until each has caught up (or `maxBatches` per group); returns trades judged. */
export async function scanAll(db: Db, now: Date, maxBatches = 20): Promise<number> {
  let judged = 0;
  for (const group of RULE_GROUPS)
    for (let i = 0; i < maxBatches; i++) {
      const n = await scanGroup(db, group, now);
      judged += n;
      if (n < SCAN_BATCH) break;
    }
  return judged;
}
