-- Surveillance's spoofing rule reads the cancelled orders of one instrument around each batch of
-- trades (scanner.ts spoofingRule); without this index every pass scanned the whole orders table
-- once per instrument (bench:surveillance). Partial: only cancelled orders are ever asked for.
CREATE INDEX "orders_cancelled_by_instrument_idx" ON "orders" USING btree ("instrument_id","updated_at") WHERE "orders"."status" = 'cancelled';
