import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { countersignedCustodyMove, issueBond, orderClient } from './test-support';

// Decision 0060 (issue 9): a JPY instrument's price tick is one yen, so price x whole units is
// whole yen in every reservation and journal line; a finer price is refused at the order edge.

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let issuer: string;
let investor: string;
let yenBond: string;
let dollarBond: string;

const OFF_TICK = {
  code: 'VALIDATION_ERROR',
  message: 'Invalid request: body.price: JPY prices have no decimals (tick 1 JPY)',
  issues: [{ path: 'body.price', message: 'JPY prices have no decimals (tick 1 JPY)' }],
};

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  issuer = await t.signIn('issuer@meridian.test');
  investor = await t.signIn('investor@meridian.test');
  const [custodian, custodian2] = [
    await t.signIn('custodian@meridian.test'),
    await t.signIn('custodian2@meridian.test'),
  ];
  yenBond = await issueBond(t, issuer, 'Tick Test Yen Bond 1% 2028', 'JPY');
  dollarBond = await issueBond(t, issuer, 'Tick Test Dollar Bond 4% 2028');
  const deposit = { email: 'investor@meridian.test', currency: 'JPY', amount: '1000000' };
  expect(await countersignedCustodyMove(t, custodian, custodian2, 'deposits', deposit)).toBe(201);
});
afterAll(() => t.close());

const yenReserved = async () => {
  const [row] = await selectRows<{ reserved: string }>(
    t.db,
    sql`select coalesce(sum(b.reserved), 0)::text as reserved from balances b
        join ledger_accounts a on a.id = b.account_id
        where b.asset_type = 'cash' and b.asset = 'JPY' and a.user_id is not null`,
  );
  return BigInt(row!.reserved);
};
const ordersOn = async (instrumentId: string) => {
  const [row] = await selectRows<{ n: string }>(
    t.db,
    sql`select count(*)::text as n from orders where instrument_id = ${instrumentId}`,
  );
  return Number(row!.n);
};

describe('JPY price tick', () => {
  it('refuses a JPY limit price in fractions of a yen with 400 and writes nothing', async () => {
    const [reservedBefore, ordersBefore] = [await yenReserved(), await ordersOn(yenBond)];
    for (const price of ['100.50', '99.01', 100.5]) {
      const res = await api.place(investor, {
        instrumentId: yenBond,
        orderType: 'buy',
        type: 'limit',
        quantity: 3,
        price,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(OFF_TICK);
    }
    const sell = await api.place(issuer, {
      instrumentId: yenBond,
      orderType: 'sell',
      type: 'limit',
      quantity: 3,
      price: '101.25',
    });
    expect(sell.statusCode).toBe(400);
    expect(sell.json()).toEqual(OFF_TICK);
    expect(await yenReserved()).toBe(reservedBefore);
    expect(await ordersOn(yenBond)).toBe(ordersBefore);
  });

  it('accepts whole-yen prices written with zero decimals', async () => {
    const res = await api.place(investor, {
      instrumentId: yenBond,
      orderType: 'buy',
      type: 'limit',
      quantity: 2,
      price: '95.00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: '95.00', status: 'open' });
    expect((await api.cancel(investor, res.json().id)).statusCode).toBe(200);
  });

  it('keeps the 0.01 tick in a two-decimal currency', async () => {
    const res = await api.place(investor, {
      instrumentId: dollarBond,
      orderType: 'buy',
      type: 'limit',
      quantity: 1,
      price: '100.37',
    });
    expect(res.statusCode).toBe(201);
    expect((await api.cancel(investor, res.json().id)).statusCode).toBe(200);
  });

  it('books a JPY trade in whole yen: reservations, journal lines and balances', async () => {
    // The issuer offers at two levels; a limit buy and a market buy walk them.
    for (const [quantity, price] of [
      [7, '101'],
      [11, '103'],
    ] as const) {
      const res = await api.place(issuer, { instrumentId: yenBond, orderType: 'sell', type: 'limit', quantity, price });
      expect(res.statusCode).toBe(201);
    }
    const limit = await api.place(investor, {
      instrumentId: yenBond,
      orderType: 'buy',
      type: 'limit',
      quantity: 9,
      price: '104',
    });
    expect(limit.statusCode).toBe(201);
    expect(limit.json()).toMatchObject({ status: 'filled', filledQuantity: 9 });
    const market = await api.place(investor, { instrumentId: yenBond, orderType: 'buy', type: 'market', quantity: 5 });
    expect(market.statusCode).toBe(201);
    expect(market.json()).toMatchObject({ status: 'filled', filledQuantity: 5 });
    const resting = await api.place(investor, {
      instrumentId: yenBond,
      orderType: 'buy',
      type: 'limit',
      quantity: 13,
      price: '97',
    });
    expect(resting.statusCode).toBe(201);

    const lines = await selectRows<{ amount: string }>(
      t.db,
      sql`select l.amount::text as amount from journal_lines l
          join journal_entries e on e.id = l.entry_id
          join trades tr on e.reference = 'trade:' || tr.id::text
          where tr.instrument_id = ${yenBond} and l.asset_type = 'cash'`,
    );
    // 7 x 101 + 2 x 103 (limit), 5 x 103 (market): one cash line each way per trade.
    expect(lines.map((l) => BigInt(l.amount)).sort((a, b) => (a < b ? -1 : 1))).toEqual([
      -70_700n,
      -51_500n,
      -20_600n,
      20_600n,
      51_500n,
      70_700n,
    ]);
    // The resting buy holds 13 x 97 yen, whole.
    expect(await yenReserved()).toBe(126_100n);
    await expectLedgerInvariants(t.db);
  });
});
