-- Settlement claim at 100,000 settlements (docs/benchmarks.md, "Settlement claim").
-- Usage: a database migrated with the demo seed (prepareDatabase, demoMode, no activity), then
--   psql -q "$URL" -f bench/settlement-claim.sql
-- Loads 100,000 trades (two filled orders each) whose settlements are all completed but the last
-- 50 (40 pending due in two days, 10 failed), marks the due ones `processing` as a run does, and
-- EXPLAINs the queries that read open settlements. Everything after the load runs in a
-- transaction that is rolled back, so the script can be run again on the same data (set LOADED=1
-- to skip the load: psql -v LOADED=1).
\if :{?LOADED}
\else
set session_replication_role = replica;
create temp table ids as
  select g, gen_random_uuid() as buy, gen_random_uuid() as sell, gen_random_uuid() as trade,
    now() - (g || ' minutes')::interval * 2.5 as at
  from generate_series(1, 100000) g;
with u as (select (select id from users where email = 'investor@meridian.test') as buyer,
                  (select id from users where email = 'issuer@meridian.test') as seller,
                  (select id from instruments order by created_at limit 1) as inst)
insert into orders (id, user_id, instrument_id, side, type, time_in_force, price, quantity, filled_quantity, filled_value, status, created_at, updated_at)
select o.id, o.uid, u.inst, o.side, 'limit', 'gtc', 10000, 1, 1, 10000, 'filled', ids.at, ids.at
from ids, u, lateral (values (ids.buy, u.buyer, 'buy'), (ids.sell, u.seller, 'sell')) o(id, uid, side);
with u as (select (select id from users where email = 'investor@meridian.test') as buyer,
                  (select id from users where email = 'issuer@meridian.test') as seller,
                  (select id from instruments order by created_at limit 1) as inst)
insert into trades (id, instrument_id, buy_order_id, sell_order_id, buyer_id, seller_id, taker_side, price, quantity, created_at)
select ids.trade, u.inst, ids.buy, ids.sell, u.buyer, u.seller, 'buy', 10000, 1, ids.at from ids, u;
-- The last 50 trades are still open (40 pending due today or later, 10 failed); the rest settled T+2.
insert into settlements (id, trade_id, status, currency, cash_amount, units, created_at, settled_at, settle_on, attempts, journal_entry_id)
select gen_random_uuid(), ids.trade,
  case when g <= 40 then 'pending' when g <= 50 then 'failed' else 'completed' end,
  'USD', 10000, 1, ids.at,
  case when g > 50 then ids.at + interval '2 days' end,
  (ids.at + interval '2 days')::date,
  case when g <= 40 then 0 else 1 end, null
from ids;
set session_replication_role = origin;
analyze orders; analyze trades; analyze settlements;
\endif
begin;
update settlements set status = 'processing' where status in ('pending','failed') and settle_on <= current_date + 2;
\echo == claim
explain (analyze, buffers, costs off)
select s.id, s.trade_id, t.instrument_id, t.buyer_id, t.seller_id, s.currency, t.price::text, t.quantity::text,
        s.cash_amount::text, s.attempts
      from settlements s join trades t on t.id = s.trade_id
      where s.status in ('pending', 'processing') and s.settle_on <= current_date + 2
      order by s.settle_on, s.created_at limit 1 for update of s skip locked;
\echo == claim (again, warm)
explain (analyze, buffers, costs off)
select s.id, s.trade_id, t.instrument_id, t.buyer_id, t.seller_id, s.currency, t.price::text, t.quantity::text,
        s.cash_amount::text, s.attempts
      from settlements s join trades t on t.id = s.trade_id
      where s.status in ('pending', 'processing') and s.settle_on <= current_date + 2
      order by s.settle_on, s.created_at limit 1 for update of s skip locked;
\echo == due list
explain (analyze, buffers, costs off) select id, currency, cash_amount from settlements where status in ('pending','failed','processing') and settle_on <= current_date + 2;
\echo == recoverInterrupted
explain (analyze, buffers, costs off) select id from settlements where status = 'processing';
\echo == queue page
explain (analyze, buffers, costs off) select s.id from settlements s join trades t on t.id = s.trade_id where s.status in ('pending', 'processing', 'failed') order by s.settle_on, s.created_at limit 100;
\echo == open values
explain (analyze, buffers, costs off) select currency, sum(cash_amount) from settlements where status in ('pending', 'processing', 'failed') group by currency;
\echo == notDue count
explain (analyze, buffers, costs off) select count(*) from settlements where status = 'pending' and settle_on > current_date + 2;
rollback;
