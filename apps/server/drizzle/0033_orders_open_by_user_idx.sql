-- Issue 16 item 8: the portfolio counts a user's open orders on every request (as the liquidity
-- desk lists its maker's); through orders_user_created_idx that read every order the user ever
-- placed, so it grew with the user's history. Entries only for open orders: an order leaves the
-- index when it fills or is cancelled (an update that changes status is never HOT anyway, the
-- column being in orders_open_by_instrument_idx's predicate).
CREATE INDEX "orders_open_by_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'open';
