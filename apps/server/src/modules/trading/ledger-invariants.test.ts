import { fromMinorUnits } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
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

    // The books: double entry, balances = journal, covered balances, reservations = open orders, fills = trades.
    await expectLedgerInvariants(t.db);
  });
});
