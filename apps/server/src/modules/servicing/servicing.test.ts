import {
  addMonths,
  fromMinorUnits,
  toMinorUnits,
  type InstrumentEvents,
  type ServicingPayment,
} from '@meridian/schemas';
import { eq, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments, journalLines, users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { custodyMove, holdings, issueBond, orderClient } from '../trading/test-support';
import { serviceInstruments } from './runner';
import { holdingsOfRecord, sharesOf } from './queries';
import { allocate } from './schedule';
import { materialiseSchedules } from './service';
import { instrumentEventsView, myServicingPayments } from './views';

let t: TestApp;
let issuer: string;
let api: ReturnType<typeof orderClient>;
const cookies: Record<string, string> = {};
const today = new Date().toISOString().slice(0, 10);
/** A clock we move by hand: a day after each scheduled date. */
const dayAfter = (months: number) => new Date(`${addMonths(today, months)}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  api = orderClient(t);
  issuer = await t.signIn('issuer@meridian.test');
  for (const who of ['investor', 'investor2', 'demo', 'custodian'])
    cookies[who] = await t.signIn(`${who}@meridian.test`);
  // A fresh app and five sign-ins: minutes on a loaded machine (over 3 at load 30).
}, 600_000);
afterAll(() => t?.close());

async function trade(seller: string, buyer: string, instrumentId: string, quantity: number, price = '100.00') {
  const sell = await api.place(seller, { instrumentId, orderType: 'sell', type: 'limit', quantity, price });
  expect(sell.statusCode).toBe(201);
  const buy = await api.place(buyer, { instrumentId, orderType: 'buy', type: 'limit', quantity, price });
  expect(buy.statusCode).toBe(201);
  expect(buy.json().status).toBe('filled');
}

async function issue(payload: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/instruments',
    headers: { cookie: issuer, origin: TEST_ORIGIN },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** USD cash (total, hundredths) of each named demo user. */
async function cashOf(who: readonly string[], instrumentId: string): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {};
  for (const name of who) out[name] = (await holdings(t, `${name}@meridian.test`, instrumentId)).cash.total;
  return out;
}

async function events(instrumentId: string, who = 'investor') {
  const res = await api.get(cookies[who]!, `/api/instruments/${instrumentId}/events`);
  expect(res.statusCode).toBe(200);
  return (res.json() as InstrumentEvents).events;
}

async function payments(who: string) {
  const res = await api.get(cookies[who]!, '/api/servicing/payments/my');
  expect(res.statusCode).toBe(200);
  return res.json() as ServicingPayment[];
}

describe('servicing ACTUS events', () => {
  it('pays a PAM coupon and principal to holders of record, once, and matures the instrument', async () => {
    // 1,000,000 USD, 10,000 units of 100, 4% annual coupon, two years.
    const bond = await issueBond(t, issuer, 'Servicing Test 4% PAM');
    await trade(issuer, cookies.investor!, bond, 1_000);
    await trade(issuer, cookies.investor2!, bond, 500);
    // investor2 sells 200 before the first record date: the buyer is paid for them, not the seller.
    await trade(cookies.investor2!, cookies.demo!, bond, 200);
    // Units reserved by a resting sell order still count as held on the record date.
    const resting = await api.place(cookies.investor!, {
      instrumentId: bond,
      orderType: 'sell',
      type: 'limit',
      quantity: 100,
      price: '150.00',
    });
    expect(resting.statusCode).toBe(201);

    const before = {
      investor: await holdings(t, 'investor@meridian.test', bond),
      investor2: await holdings(t, 'investor2@meridian.test', bond),
      demo: await holdings(t, 'demo@meridian.test', bond),
      issuer: await holdings(t, 'issuer@meridian.test', bond),
    };
    const first = await serviceInstruments(t.app, dayAfter(12));
    expect(first.filter((o) => o.instrumentId === bond)).toMatchObject([{ status: 'paid' }]);
    // A second run (or a second process) finds nothing left to pay.
    expect((await serviceInstruments(t.app, dayAfter(12))).filter((o) => o.instrumentId === bond)).toEqual([]);

    const after = {
      investor: await holdings(t, 'investor@meridian.test', bond),
      investor2: await holdings(t, 'investor2@meridian.test', bond),
      demo: await holdings(t, 'demo@meridian.test', bond),
      issuer: await holdings(t, 'issuer@meridian.test', bond),
    };
    // 40,000.00 coupon x units / 10,000 units, in hundredths.
    expect(after.investor.cash.total - before.investor.cash.total).toBe(400_000n);
    expect(after.investor2.cash.total - before.investor2.cash.total).toBe(120_000n);
    expect(after.demo.cash.total - before.demo.cash.total).toBe(80_000n);
    expect(before.issuer.cash.total - after.issuer.cash.total).toBe(600_000n);
    const [ip] = (await events(bond)).filter((e) => e.status === 'paid');
    expect(ip).toMatchObject({ eventType: 'IP', paidAmount: '6000.00', holders: 3, ownAmount: '4000.00' });
    // Scheduled beside paid: the whole issue's coupon, of which holders of 1,500 units got 15 %.
    expect((toMinorUnits(ip!.scheduledAmount)! * 1_500n) / 10_000n).toBe(600_000n);
    // The holder sees it among their transactions; the seller of the units before the record date got 1,200.00.
    expect((await payments('investor')).find((p) => p.id === ip!.id)).toMatchObject({
      eventType: 'IP',
      amount: '4000.00',
      status: 'completed',
      instrumentId: bond,
    });
    expect((await payments('investor2')).find((p) => p.id === ip!.id)?.amount).toBe('1200.00');

    // Second anniversary: the last coupon and the principal (MD); trading stops.
    const last = await serviceInstruments(t.app, dayAfter(24));
    expect(last.filter((o) => o.instrumentId === bond).map((o) => o.status)).toEqual(['paid', 'paid']);
    const end = await holdings(t, 'investor@meridian.test', bond);
    // The coupon follows the day count (A/365 over a leap year pays 366 days): a tenth of the scheduled amount.
    const secondCoupon = (await events(bond)).find((e) => e.eventType === 'IP' && e.id !== ip!.id)!;
    const scheduled = toMinorUnits(secondCoupon.scheduledAmount)!;
    expect(end.cash.total - after.investor.cash.total).toBe((scheduled * 1_000n) / 10_000n + 10_000_000n);
    const [row] = await t.db.select({ status: instruments.status }).from(instruments).where(eq(instruments.id, bond));
    expect(row!.status).toBe('matured');
    // The resting sell order was cancelled and its units released.
    expect(end.units.reserved).toBe(0n);
    const refused = await api.place(cookies.demo!, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'limit',
      quantity: 1,
      price: '100.00',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Instrument is matured and cannot be traded');
  });

  it('records a missed payment and defaults the instrument when the issuer is short of cash', async () => {
    const bond = await issueBond(t, issuer, 'Servicing Test Default PAM');
    await trade(issuer, cookies.investor!, bond, 2_000);
    const issuerCash = (await holdings(t, 'issuer@meridian.test', bond)).cash;
    const out = await custodyMove(t, cookies.custodian!, 'withdrawals', {
      email: 'issuer@meridian.test',
      currency: 'USD',
      amount: ((issuerCash.total - issuerCash.reserved) / 100n).toString(),
    });
    expect(out.statusCode).toBe(201);
    const before = await holdings(t, 'investor@meridian.test', bond);
    const outcomes = (await serviceInstruments(t.app, dayAfter(12))).filter((o) => o.instrumentId === bond);
    expect(outcomes).toEqual([expect.objectContaining({ status: 'missed', closed: 'defaulted' })]);
    // Nothing half-paid.
    expect((await holdings(t, 'investor@meridian.test', bond)).cash.total).toBe(before.cash.total);
    const [missed] = await events(bond);
    expect(missed).toMatchObject({ eventType: 'IP', status: 'missed' });
    expect(missed!.reason).toMatch(/^Issuer could not pay 8000\.00 USD/);
    // The holder sees the missed payment: their share of the coupon (all of the 2,000 units sold), failed.
    expect(missed!.ownAmount).toBe('8000.00');
    expect((await payments('investor')).find((p) => p.id === missed!.id)).toMatchObject({
      amount: '8000.00',
      status: 'failed',
      reason: missed!.reason,
    });
    const [row] = await t.db.select({ status: instruments.status }).from(instruments).where(eq(instruments.id, bond));
    expect(row!.status).toBe('defaulted');
    // The holder's position says so; a position in an instrument still paying does not.
    const positions = (await api.get(cookies.investor!, '/api/portfolio/analytics')).json().positions as {
      instrumentId: string;
      defaulted?: boolean;
    }[];
    expect(positions.find((p) => p.instrumentId === bond)).toMatchObject({ units: 2_000, defaulted: true });
    expect(positions.filter((p) => p.instrumentId !== bond).every((p) => p.defaulted === false)).toBe(true);
  });

  it('pays an ANN instalment (interest + amortisation) pro rata, rounded down, the residual kept by the issuer', async () => {
    // 1,000,000.00 USD in 10,000 units of 100, 6 % a year on 30/360, three yearly instalments.
    const notional = 1_000_000;
    const rate = 0.06;
    const years = 3;
    const ann = await issue({
      contractType: 'ANN',
      name: 'Servicing Test 6% ANN',
      notionalAmount: notional,
      currency: 'USD',
      issueDate: today,
      maturityDate: addMonths(today, 12 * years),
      interestRate: rate * 100,
      paymentFrequency: 'P1Y',
      dayCountConvention: '30/360',
    });
    const held = { investor: 1_111n, investor2: 2_223n };
    await trade(issuer, cookies.investor!, ann, Number(held.investor));
    await trade(issuer, cookies.investor2!, ann, Number(held.investor2));
    const before = await cashOf(['investor', 'investor2', 'issuer'], ann);
    const out = (await serviceInstruments(t.app, dayAfter(12))).filter((o) => o.instrumentId === ann);
    expect(out.map((o) => o.status)).toEqual(['paid', 'paid']);
    const after = await cashOf(['investor', 'investor2', 'issuer'], ann);

    // Level instalment A = N r / (1 - (1 + r)^-n); the first year's interest is N r, the rest amortises.
    const instalment = (notional * rate) / (1 - (1 + rate) ** -years);
    const cents = (x: number) => BigInt(Math.round(x * 100));
    const interest = cents(notional * rate);
    const principal = cents(instalment - notional * rate);
    const year1 = (await events(ann)).filter((e) => e.status === 'paid');
    expect(year1.map((e) => [e.eventType, toMinorUnits(e.scheduledAmount)])).toEqual(
      expect.arrayContaining([
        ['IP', interest],
        ['PR', principal],
      ]),
    );
    // Each event is allocated on its own: floor(amount x units / 10,000).
    const share = (units: bigint) => (interest * units) / 10_000n + (principal * units) / 10_000n;
    expect(after.investor! - before.investor!).toBe(share(held.investor));
    expect(after.investor2! - before.investor2!).toBe(share(held.investor2));
    // The issuer pays exactly what the holders received: cash conserved to the cent.
    expect(before.issuer! - after.issuer!).toBe(share(held.investor) + share(held.investor2));
    // The residual of rounding down (under one cent per holder and event) stays with the issuer.
    const exact = ((interest + principal) * (held.investor + held.investor2)) / 10_000n;
    expect(exact - (share(held.investor) + share(held.investor2))).toBeGreaterThan(0n);
    expect(exact - (share(held.investor) + share(held.investor2))).toBeLessThan(4n);
    expect(year1.find((e) => e.eventType === 'PR')?.ownAmount).toBe(
      fromMinorUnits((principal * held.investor) / 10_000n),
    );
    // Over its life the annuity amortises the whole notional (PR and MD), to the cent.
    const schedule = await events(ann);
    const redeemed = schedule
      .filter((e) => e.eventType === 'PR' || e.eventType === 'MD')
      .reduce((sum, e) => sum + toMinorUnits(e.scheduledAmount)!, 0n);
    expect(redeemed).toBe(cents(notional));
  });

  it('pays a stock dividend to holders of record: bought on the payment day is not of record', async () => {
    // 100,000.00 USD of shares of 1.00, 3 % a year paid quarterly: 750.00 a quarter. Issued three
    // months ago, so the first dividend falls on today, whose record instant (00:00 UTC) has passed.
    const stock = await issue({
      contractType: 'STK',
      name: 'Servicing Test Dividend Stock',
      notionalAmount: 100_000,
      currency: 'USD',
      issueDate: addMonths(today, -3),
      dividendRate: 3,
      paymentFrequency: 'P3M',
    });
    const units = 100_000n;
    const perQuarter = (100_000n * 100n * 3n) / 100n / 4n;
    const held = { investor: 33_333n, investor2: 6_667n };
    await trade(issuer, cookies.investor!, stock, Number(held.investor), '1.00');
    await trade(issuer, cookies.investor2!, stock, Number(held.investor2), '1.00');
    const before = await cashOf(['investor', 'investor2', 'issuer'], stock);

    // Today's dividend: nobody but the issuer held units at its record instant, so nobody is paid.
    const first = (await serviceInstruments(t.app, new Date())).filter((o) => o.instrumentId === stock);
    expect(first.map((o) => o.status)).toEqual(['paid']);
    let dividends = (await events(stock)).filter((e) => e.eventType === 'DV');
    expect(dividends[0]).toMatchObject({ status: 'paid', holders: 0, paidAmount: '0.00', ownAmount: null });
    expect(toMinorUnits(dividends[0]!.scheduledAmount)).toBe(perQuarter);
    expect(await cashOf(['investor', 'investor2', 'issuer'], stock)).toEqual(before);

    // Next quarter: both buyers are holders of record.
    const second = (await serviceInstruments(t.app, dayAfter(3))).filter((o) => o.instrumentId === stock);
    expect(second.map((o) => o.status)).toEqual(['paid']);
    const after = await cashOf(['investor', 'investor2', 'issuer'], stock);
    const share = (n: bigint) => (perQuarter * n) / units;
    expect(after.investor! - before.investor!).toBe(share(held.investor));
    expect(after.investor2! - before.investor2!).toBe(share(held.investor2));
    expect(before.issuer! - after.issuer!).toBe(share(held.investor) + share(held.investor2));
    // 750.00 x 40 % = 300.00 owed to the two; floor(24,999.75) + floor(5,000.25) cents = 299.99 paid.
    expect((perQuarter * (held.investor + held.investor2)) / units - (before.issuer! - after.issuer!)).toBe(1n);
    dividends = (await events(stock, 'investor2')).filter((e) => e.eventType === 'DV');
    expect(dividends[1]).toMatchObject({
      status: 'paid',
      holders: 2,
      ownAmount: fromMinorUnits(share(held.investor2)),
    });
    expect(dividends[1]!.paidAmount).toBe(fromMinorUnits(share(held.investor) + share(held.investor2)));
    expect(dividends.slice(2).every((e) => e.status === 'scheduled')).toBe(true);
    expect((await payments('investor')).find((p) => p.id === dividends[1]!.id)).toMatchObject({
      eventType: 'DV',
      status: 'completed',
      amount: fromMinorUnits(share(held.investor)),
    });
  });

  it('shows a due payment as pending to its holder until the run posts it, then as settled', async () => {
    const bond = await issueBond(t, issuer, 'Servicing Test Pending PAM');
    await trade(issuer, cookies.investor2!, bond, 300);
    await materialiseSchedules(t.db);
    const [holder] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'investor2@meridian.test'));
    const due = dayAfter(12);
    // Before the payment date: scheduled, nothing owed yet.
    const early = (await instrumentEventsView(t.db, bond, holder!.id, new Date()))!.events[0]!;
    expect(early).toMatchObject({ eventType: 'IP', status: 'scheduled', ownAmount: null });
    expect((await myServicingPayments(t.db, holder!.id, 500, new Date())).some((p) => p.instrumentId === bond)).toBe(
      false,
    );
    // The date has come, the run has not: the holder's share (40,000.00 x 300 / 10,000) is pending.
    const [pendingEvent] = (await instrumentEventsView(t.db, bond, holder!.id, due))!.events;
    expect(pendingEvent).toMatchObject({ status: 'scheduled', ownAmount: '1200.00', paidAmount: null });
    const pending = (await myServicingPayments(t.db, holder!.id, 500, due)).filter((p) => p.instrumentId === bond);
    expect(pending).toMatchObject([{ id: pendingEvent!.id, status: 'pending', amount: '1200.00', eventType: 'IP' }]);
    expect((await serviceInstruments(t.app, due)).filter((o) => o.instrumentId === bond)).toMatchObject([
      { status: 'paid' },
    ]);
    // Posted (the holder's journal line): settled (completed) for the amount that was pending, no longer pending.
    expect((await instrumentEventsView(t.db, bond, holder!.id, due))!.events[0]).toMatchObject({
      status: 'paid',
      ownAmount: '1200.00',
    });
    const settled = (await myServicingPayments(t.db, holder!.id, 500, due)).filter((p) => p.instrumentId === bond);
    expect(settled).toMatchObject([{ id: pendingEvent!.id, status: 'completed', amount: '1200.00' }]);
  });

  it('shows a JPY holder as pending exactly the whole yen the run then pays', async () => {
    // 3.33% on 1,000,000 JPY: 33,300 JPY a year; 7 of 10,000 units are owed 23.31 JPY, paid 23 JPY.
    const bond = await issue({
      contractType: 'PAM',
      name: 'Servicing Test Yen PAM',
      notionalAmount: 1_000_000,
      currency: 'JPY',
      issueDate: today,
      maturityDate: addMonths(today, 24),
      interestRate: 3.33,
      paymentFrequency: 'P1Y',
      dayCountConvention: '30E/360',
    });
    for (const [email, amount] of [
      ['investor2@meridian.test', '1000'],
      ['issuer@meridian.test', '100000'],
    ] as const) {
      const res = await custodyMove(t, cookies.custodian!, 'deposits', { email, currency: 'JPY', amount });
      expect(res.statusCode, res.body).toBe(201);
    }
    await trade(issuer, cookies.investor2!, bond, 7, '100');
    await materialiseSchedules(t.db);
    const [holder] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'investor2@meridian.test'));
    const due = dayAfter(12);
    const [pendingEvent] = (await instrumentEventsView(t.db, bond, holder!.id, due))!.events;
    expect(pendingEvent).toMatchObject({ eventType: 'IP', status: 'scheduled', paidAmount: null });
    expect(pendingEvent!.ownAmount).toMatch(/^23(\.00)?$/);
    expect((await serviceInstruments(t.app, due)).filter((o) => o.instrumentId === bond)).toMatchObject([
      { status: 'paid' },
    ]);
    const [paid] = (await instrumentEventsView(t.db, bond, holder!.id, due))!.events;
    expect(paid).toMatchObject({ status: 'paid', ownAmount: pendingEvent!.ownAmount });
  });

  it('keeps cash and units conserved: every journal entry nets to zero per asset', async () => {
    const rows = await t.db.select().from(journalLines);
    const net = new Map<string, bigint>();
    for (const l of rows)
      net.set(
        `${l.entryId}:${l.assetType}:${l.asset}`,
        (net.get(`${l.entryId}:${l.assetType}:${l.asset}`) ?? 0n) + l.amount,
      );
    expect([...net.values()].filter((v) => v !== 0n)).toEqual([]);
  });

  it('reads the holdings of record from the balances exactly as the sum of the journal before the record time', async () => {
    // Decision 0065: balance now minus the movements since the cutoff = the journal before it, at
    // every cutoff around every units movement of every instrument this file traded and serviced.
    const cases = await selectRows<{ instrument: string; issuer: string; at: string }>(
      t.db,
      sql`select distinct l.asset as instrument, ia.id::text as issuer, to_char(e.created_at at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        from journal_lines l join journal_entries e on e.id = l.entry_id
        join instruments i on i.id::text = l.asset join ledger_accounts ia on ia.user_id = i.issuer_user_id
        where l.asset_type = 'units' and i.name like 'Servicing Test %'`,
    );
    expect(cases.length).toBeGreaterThan(10);
    const sorted = (rows: { account_id: string; units: string }[]) =>
      rows.map((r) => `${r.account_id}:${BigInt(r.units)}`).sort();
    for (const c of cases) {
      for (const cutoff of [new Date(c.at), new Date(new Date(c.at).getTime() + 1)]) {
        const fromBalances = await selectRows<{ account_id: string; units: string }>(
          t.db,
          holdingsOfRecord(c.instrument, cutoff, c.issuer),
        );
        const fromJournal = await selectRows<{ account_id: string; units: string }>(
          t.db,
          sql`select l.account_id, sum(l.amount)::text as units from journal_lines l
            join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
            where l.asset_type = 'units' and l.asset = ${c.instrument} and a.user_id is not null
              and l.account_id <> ${c.issuer}::uuid and e.created_at < ${cutoff.toISOString()}::timestamptz
            group by l.account_id having sum(l.amount) > 0`,
        );
        expect(sorted(fromBalances), `${c.instrument} at ${cutoff.toISOString()}`).toEqual(sorted(fromJournal));
      }
    }
  });

  it('computes in SQL exactly the shares of allocate: floored to the minor unit, the residual to the issuer', async () => {
    let seed = 12;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    for (const currency of ['USD', 'JPY']) {
      for (let round = 0; round < 5; round++) {
        const holdings = new Map<string, bigint>();
        for (let i = 0; i < 40; i++)
          holdings.set(`00000000-0000-4000-8000-${String(round * 100 + i).padStart(12, '0')}`, BigInt(1 + next(5_000)));
        const issued = [...holdings.values()].reduce((a, b) => a + b, 0n) + BigInt(next(3_000));
        // Up to ~10^11 ledger units: the product with the units exceeds 2^63 in numeric, not bigint.
        const amount = BigInt(next(2 ** 30)) * 97n + BigInt(next(100));
        const rows = sql.join(
          [...holdings].map(([id, units]) => sql`(${id}::uuid, ${units.toString()}::numeric)`),
          sql`, `,
        );
        const got = await selectRows<{ account_id: string; amount: string }>(
          t.db,
          sharesOf(sql`select * from (values ${rows}) v(account_id, units)`, amount, issued, currency),
        );
        const expected = allocate(amount, issued, holdings, currency);
        const fromSql = new Map(got.filter((r) => BigInt(r.amount) > 0n).map((r) => [r.account_id, BigInt(r.amount)]));
        expect(fromSql).toEqual(expected);
        const paid = [...expected.values()].reduce((a, b) => a + b, 0n);
        expect(paid).toBeLessThanOrEqual(amount);
        if (currency === 'JPY') for (const share of expected.values()) expect(share % 100n).toBe(0n);
      }
    }
  });
});
