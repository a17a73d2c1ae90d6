-- The settlement run marks the due settlements `processing`, then claims them one by one
-- (claimDue: status in ('pending', 'processing'), settle_on <= as-of, ordered by settle_on,
-- created_at, FOR UPDATE SKIP LOCKED). settlements_open_idx covered only 'pending' and 'failed',
-- so every claim, the run's due list, recoverInterrupted and the custody queue (page, counts,
-- open values) read the whole table: 9.6 ms per claim at 100,000 settlements, paid once per
-- settlement settled and growing with every trade (docs/benchmarks.md, "Settlement claim").
-- Open settlements are few whatever the history; the index now holds all three open states and
-- is ordered as the claim and the queue page read it, so both stop at the first rows they need.
DROP INDEX "settlements_open_idx";--> statement-breakpoint
CREATE INDEX "settlements_open_idx" ON "settlements" USING btree ("settle_on","created_at") WHERE "settlements"."status" in ('pending', 'processing', 'failed');
