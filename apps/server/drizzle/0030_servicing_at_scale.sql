-- One coupon date to 100,000 holders (issue 12, bench:servicing; decision 0065).
-- Balances are updated in place all the time (coupons, reservations, settlements) and no update
-- touches an indexed column, so with room on the page PostgreSQL updates them HOT: no new entry
-- in either index. Half of each page is left free for that; existing pages get the room as
-- vacuum and pruning free them.
ALTER TABLE "balances" SET (fillfactor = 50);--> statement-breakpoint
-- Holdings of record are read as balances minus the movements since the record time: the
-- entries after an instant, found by their time.
CREATE INDEX IF NOT EXISTS "journal_entries_created_idx" ON "journal_entries" USING btree ("created_at");
