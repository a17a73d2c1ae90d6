import { CURRENCY_DECIMALS, LEDGER_DECIMALS } from '@meridian/schemas';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows, type Db } from '../db/client';

/** `(asset, step)` rows of the currencies coarser than the ledger scale (JPY: 100 ledger units a yen); code constants. */
const COARSE_CURRENCIES = sql.raw(
  Object.entries(CURRENCY_DECIMALS)
    .filter(([, decimals]) => decimals < LEDGER_DECIMALS)
    .map(([currency, decimals]) => `('${currency}', ${10 ** (LEDGER_DECIMALS - decimals)})`)
    .join(', '),
);

// The books' invariants, shared by every test that stresses money movement (the order storm,
// the API fuzzer, the kill -9 test). Each query returns the rows that break its rule.

const INVARIANTS: Record<string, SQL> = {
  'every journal entry nets to zero per asset': sql`
    select entry_id, asset_type, asset, sum(amount) as net from journal_lines
    group by entry_id, asset_type, asset having sum(amount) <> 0`,

  // Decisions 0044 and 0060: a JPY amount is whole yen wherever it is booked or held.
  'cash is whole minor units of its currency': sql`
    with coarse(asset, step) as (values ${COARSE_CURRENCIES})
    select 'line' as kind, j.entry_id::text as id, j.asset, j.amount as figure from journal_lines j
      join coarse c on c.asset = j.asset where j.asset_type = 'cash' and j.amount % c.step <> 0
    union all
    select 'balance', b.account_id::text, b.asset, b.total from balances b
      join coarse c on c.asset = b.asset where b.asset_type = 'cash' and (b.total % c.step <> 0 or b.reserved % c.step <> 0)
    union all
    select 'order', o.id::text, i.currency, o.reserved from orders o join instruments i on i.id = o.instrument_id
      join coarse c on c.asset = i.currency where o.side = 'buy' and o.reserved % c.step <> 0`,

  'every asset nets to zero over all balances': sql`
    select asset_type, asset, sum(total) as net from balances group by asset_type, asset having sum(total) <> 0`,

  'every balance equals its journal lines': sql`
    select b.account_id, b.asset_type, b.asset, b.total, coalesce(j.sum, 0) as journal
    from balances b
    left join (select account_id, asset_type, asset, sum(amount) as sum from journal_lines group by 1, 2, 3) j
      on j.account_id = b.account_id and j.asset_type = b.asset_type and j.asset = b.asset
    where b.total <> coalesce(j.sum, 0)`,

  'no user balance below zero or below its reservation': sql`
    select b.* from balances b join ledger_accounts a on a.id = b.account_id
    where a.user_id is not null and (b.reserved < 0 or b.total < 0 or b.total < b.reserved)`,

  // A T+N trade's legs stay reserved from execution until its settlement delivers them.
  'reserved equals what open orders and unsettled trades hold': sql`
    with parts as (
      select a.id as account_id, 'cash' as asset_type, i.currency as asset, o.reserved
      from orders o join instruments i on i.id = o.instrument_id join ledger_accounts a on a.user_id = o.user_id
      where o.status = 'open' and o.side = 'buy'
      union all
      select a.id, 'units', o.instrument_id::text, o.reserved
      from orders o join ledger_accounts a on a.user_id = o.user_id
      where o.status = 'open' and o.side = 'sell'
      union all
      select a.id, 'cash', s.currency, s.cash_amount
      from settlements s join trades t on t.id = s.trade_id join ledger_accounts a on a.user_id = t.buyer_id
      where s.status in ('pending', 'processing', 'failed')
      union all
      select a.id, 'units', t.instrument_id::text, s.units
      from settlements s join trades t on t.id = s.trade_id join ledger_accounts a on a.user_id = t.seller_id
      where s.status in ('pending', 'processing', 'failed')),
    held as (select account_id, asset_type, asset, sum(reserved) as reserved from parts group by 1, 2, 3)
    select b.account_id, b.asset_type, b.asset, b.reserved, coalesce(h.reserved, 0) as held
    from balances b left join held h on h.account_id = b.account_id and h.asset_type = b.asset_type and h.asset = b.asset
    where b.reserved <> coalesce(h.reserved, 0)`,

  'fills equal trades; closed orders hold nothing; open orders have something left': sql`
    select o.id from orders o
    left join (select order_id, sum(quantity) as q from (
      select buy_order_id as order_id, quantity from trades union all select sell_order_id, quantity from trades) x
      group by 1) f on f.order_id = o.id
    where o.filled_quantity <> coalesce(f.q, 0)
       or (o.status <> 'open' and o.reserved <> 0)
       or (o.status = 'open' and o.filled_quantity >= o.quantity)`,

  'every trade has its settlement': sql`
    select t.id from trades t left join settlements s on s.trade_id = t.id where s.trade_id is null`,

  'a trade is delivered exactly once, and only when its settlement completed': sql`
    select s.id, s.status, s.journal_entry_id, count(e.id) as entries from settlements s
    left join journal_entries e on e.kind = 'trade' and e.reference = 'trade:' || s.trade_id::text
    group by s.id, s.status, s.journal_entry_id
    having count(e.id) <> (case when s.status = 'completed' then 1 else 0 end)
      or (s.status = 'completed') <> (s.journal_entry_id is not null)
      or (s.status = 'completed' and min(e.id::text) <> s.journal_entry_id::text)`,

  // Issue 12: an ACTUS event is paid by exactly one servicing entry (none when nobody was of
  // record), and only an event marked paid has one; no servicing entry without its event.
  'a servicing event is paid exactly once, and only when marked paid': sql`
    select e.id::text as id, e.status, e.journal_entry_id::text as entry, count(j.id) as entries from servicing_events e
    left join journal_entries j on j.kind = 'servicing' and j.reference = 'servicing:' || e.id::text
    group by e.id, e.status, e.journal_entry_id
    having count(j.id) <> (case when e.journal_entry_id is null then 0 else 1 end)
      or (e.journal_entry_id is not null and e.status <> 'paid')
      or (e.journal_entry_id is not null and min(j.id::text) <> e.journal_entry_id::text)
    union all
    select j.id::text, 'orphan', j.reference, 1 from journal_entries j
    where j.kind = 'servicing' and not exists (
      select 1 from servicing_events e where j.reference = 'servicing:' || e.id::text)`,

  'units held equal units issued': sql`
    select i.id, i.units, coalesce(h.held, 0) as held from instruments i
    left join (
      select b.asset, sum(b.total) as held from balances b join ledger_accounts a on a.id = b.account_id
      where b.asset_type = 'units' and a.code not like 'issuance:%' group by b.asset) h on h.asset = i.id::text
    where coalesce(h.held, 0) <> i.units`,

  'no idempotency key used twice': sql`
    select 'order' as kind, user_id as owner, idempotency_key from orders where idempotency_key is not null
    group by user_id, idempotency_key having count(*) > 1
    union all
    select 'custody', actor_id, idempotency_key from custody_moves where idempotency_key is not null
    group by actor_id, idempotency_key having count(*) > 1`,
};

/** Rows breaking each invariant, by its name; every list is empty when the books are sound. */
export async function ledgerInvariantViolations(db: Db): Promise<Record<string, unknown[]>> {
  const found: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(INVARIANTS)) found[name] = await selectRows(db, query);
  return found;
}

/** Fails naming every broken invariant and its first offending rows. */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const found = await ledgerInvariantViolations(db);
  const broken = Object.fromEntries(
    Object.entries(found)
      .filter(([, rows]) => rows.length > 0)
      .map(([name, rows]) => [name, rows.slice(0, 5)]),
  );
  expect(broken, 'ledger invariants').toEqual({});
}
