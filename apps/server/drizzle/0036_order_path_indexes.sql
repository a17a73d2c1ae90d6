-- PostgreSQL CPU per order (issue 16 item 7; decision 0088): indexes the order path fills and no
-- query reads. Every order is inserted once and, when it fills or is cancelled, updated by a
-- non-HOT update (its status is in partial index predicates), and each of those writes a tuple
-- into every index of `orders` whose predicate it meets. The indexes left on `orders`, and the
-- query that needs each at a million orders:
--   orders_pkey (id)                                  the batch's ord_upd, cancels, GET /api/orders/:id
--   orders_user_created_idx (user_id, created_at)     GET /api/orders (a user's page, newest first)
--   orders_created_idx (created_at)                   GET /api/orders for admins (every user), system status rates
--   orders_open_by_instrument_idx (partial, open)     rebuilding a book (loadOpenOrders)
--   orders_open_by_user_idx (partial, open)           portfolio open-order count, the liquidity desk
--   orders_cancelled_by_instrument_idx (partial)      surveillance's spoofing scan
--   orders_user_idempotency_key_uq (partial, below)   the batch's replay lookup by idempotency key
--
-- `sequence` is a bigserial nobody looks an order up by: it orders a book's replay (inside
-- orders_open_by_instrument_idx) and breaks created_at ties in the order pages and MiCA's event
-- list. Its values come only from the column's sequence (no writer sets it), which is what keeps
-- them distinct; the unique index beside it was a second copy of every order's place, written
-- on every insert and status change.
ALTER TABLE "orders" DROP CONSTRAINT "orders_sequence_unique";--> statement-breakpoint
-- Idempotency keys are unique per user; an order without a key (most of them) needs no entry:
-- NULL never conflicts. The lookup (persist.ts loadBatchContext: user_id IN (…) AND
-- idempotency_key IN (…)) implies the key is not null, so it still uses this index.
DROP INDEX "orders_user_idempotency_key_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_uq" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
-- One settlement per trade is written in the batch statement; no query filters or orders
-- settlements by created_at alone (the queue reads settlements_open_idx, the custody page sorts
-- by settle_on or settled_at, the rest go through trade_id or id).
DROP INDEX "settlements_created_idx";
