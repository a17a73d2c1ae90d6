import { fromMinorUnits } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { custodyMove, holdings, issueBond, orderClient } from './test-support';

// A seeded storm of concurrent orders on two instruments that share the traders' cash,
// with cancels and custody withdrawals and deposits moving cash behind the desks, then
// the ledger's books are checked: nobody spent what was not there, double entry holds,
// balances are their journal, and reservations are exactly what open orders hold.

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let custodian: string;
const traders: { email: string; cookie: string }[] = [];
const bonds: string[] = [];

/** mulberry32: the same storm on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), a | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const custody = (direction: 'deposits' | 'withdrawals', email: string, amount: string) =>
  custodyMove(t, custodian, direction, { email, currency: 'USD', amount });

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  custodian = await t.signIn('custodian@meridian.test');
  for (const user of ['issuer', 'investor', 'investor2']) {
    const email = `${user}@meridian.test`;
    traders.push({ email, cookie: await t.signIn(email) });
  }
  bonds.push(
    await issueBond(t, traders[0]!.cookie, 'Storm A 3% 2029'),
    await issueBond(t, traders[0]!.cookie, 'Storm B 4% 2030'),
  );
  // Little cash, so that orders run into the limits and the guard has work to do.
  for (const { email } of traders.slice(1)) expect((await custody('deposits', email, '3000.00')).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('ledger under concurrent order flow', () => {
  it('keeps every balance covered, the journal balanced and reservations equal to open orders', async () => {
    const rnd = random(7);
    const statuses = new Map<number, number>();
    for (let wave = 0; wave < 15; wave++) {
      const requests = Array.from({ length: 24 }, async () => {
        // Every draw before the first await, so the storm is the same whatever the timing.
        const [who, roll, a, b, c, d] = Array.from({ length: 6 }, rnd) as [
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        const trader = traders[Math.floor(who * traders.length)]!;
        let res;
        if (roll < 0.1 && trader.email !== traders[0]!.email) {
          // Take most of what is available out behind the desks' backs, or put some back.
          const { cash } = await holdings(t, trader.email, bonds[0]!);
          const amount = a < 0.6 ? ((cash.total - cash.reserved) * 9n) / 10n : BigInt(100 + Math.floor(b * 150_000));
          if (amount <= 0n) return;
          res = await custody(a < 0.6 ? 'withdrawals' : 'deposits', trader.email, fromMinorUnits(amount));
        } else if (roll < 0.17) {
          const open = (await api.get(trader.cookie, '/api/orders/my'))
            .json()
            .filter((o: { status: string }) => o.status === 'open');
          if (open.length === 0) return;
          res = await api.cancel(trader.cookie, open[Math.floor(a * open.length)].id);
        } else {
          const instrumentId = bonds[Math.floor(a * bonds.length)]!;
          const orderType = b < 0.5 ? 'buy' : 'sell';
          const quantity = 1 + Math.floor(c * 20);
          res =
            d < 0.2
              ? await api.place(trader.cookie, { instrumentId, orderType, type: 'market', quantity })
              : await api.place(trader.cookie, {
                  instrumentId,
                  orderType,
                  type: 'limit',
                  quantity,
                  price: (95 + Math.floor(d * 1000) / 100).toFixed(2),
                });
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      });
      await Promise.all(requests);
    }
    await t.app.trading.idle();

    // Every answer was an acceptance or a business refusal; the storm traded and was refused.
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(statuses.get(201)).toBeGreaterThan(100);
    expect(statuses.get(422)).toBeGreaterThan(10);
    const [count] = await selectRows<{ trades: string }>(t.db, sql`select count(*) as trades from trades`);
    expect(Number(count!.trades)).toBeGreaterThan(20);

    // Nobody spent what was not there.
    const uncovered = await selectRows(
      t.db,
      sql`
      select b.* from balances b join ledger_accounts a on a.id = b.account_id
      where a.user_id is not null and (b.reserved < 0 or b.total < b.reserved)`,
    );
    expect(uncovered).toEqual([]);

    // Double entry: every asset nets to zero over all accounts, and every balance is its journal.
    const unbalanced = await selectRows(
      t.db,
      sql`
      select asset_type, asset, sum(amount) as net from journal_lines group by asset_type, asset having sum(amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const drifted = await selectRows(
      t.db,
      sql`
      select b.account_id, b.asset_type, b.asset, b.total, coalesce(j.sum, 0) as journal
      from balances b
      left join (select account_id, asset_type, asset, sum(amount) as sum from journal_lines group by 1, 2, 3) j
        on j.account_id = b.account_id and j.asset_type = b.asset_type and j.asset = b.asset
      where b.total <> coalesce(j.sum, 0)`,
    );
    expect(drifted).toEqual([]);

    // Reserved = what open orders hold (buys: cash of the currency, sells: units).
    const misreserved = await selectRows(
      t.db,
      sql`
      with held as (
        select a.id as account_id, 'cash' as asset_type, i.currency as asset, sum(o.reserved) as reserved
        from orders o join instruments i on i.id = o.instrument_id join ledger_accounts a on a.user_id = o.user_id
        where o.status = 'open' and o.side = 'buy' group by 1, 2, 3
        union all
        select a.id, 'units', o.instrument_id::text, sum(o.reserved)
        from orders o join ledger_accounts a on a.user_id = o.user_id
        where o.status = 'open' and o.side = 'sell' group by 1, 2, 3)
      select b.account_id, b.asset_type, b.asset, b.reserved, coalesce(h.reserved, 0) as held
      from balances b left join held h on h.account_id = b.account_id and h.asset_type = b.asset_type and h.asset = b.asset
      where b.reserved <> coalesce(h.reserved, 0)`,
    );
    expect(misreserved).toEqual([]);

    // Orders agree with their trades; closed orders hold nothing; open ones still have something to fill.
    const inconsistent = await selectRows(
      t.db,
      sql`
      select o.id from orders o
      left join (select order_id, sum(quantity) as q from (
        select buy_order_id as order_id, quantity from trades union all select sell_order_id, quantity from trades) x group by 1) f on f.order_id = o.id
      where o.filled_quantity <> coalesce(f.q, 0)
         or (o.status <> 'open' and o.reserved <> 0)
         or (o.status = 'open' and o.filled_quantity >= o.quantity)`,
    );
    expect(inconsistent).toEqual([]);
  });
});
