-- The ledger's balance writes probe `balances` once per changed balance. With the index on
-- (asset_type, asset) alone, the planner may reach a balance through it and then filter every
-- holder of that asset: n x n for one coupon to n holders (bench:servicing, issue 12). With
-- account_id as its last column, either index answers a probe with exactly one row.
DROP INDEX IF EXISTS "balances_asset_idx";--> statement-breakpoint
CREATE INDEX "balances_asset_idx" ON "balances" USING btree ("asset_type","asset","account_id");
