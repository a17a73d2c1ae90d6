import { addMonths, toMinorUnits, type ServicingEvent } from '@meridian/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments, journalLines } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { custodyMove, holdings, issueBond, orderClient } from '../trading/test-support';
import { serviceInstruments } from './runner';

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
});
afterAll(() => t.close());

async function trade(seller: string, buyer: string, instrumentId: string, quantity: number) {
  const sell = await api.place(seller, { instrumentId, orderType: 'sell', type: 'limit', quantity, price: '100.00' });
  expect(sell.statusCode).toBe(201);
  const buy = await api.place(buyer, { instrumentId, orderType: 'buy', type: 'limit', quantity, price: '100.00' });
  expect(buy.statusCode).toBe(201);
  expect(buy.json().status).toBe('filled');
}

async function events(instrumentId: string) {
  const res = await api.get(cookies.investor!, `/api/servicing/events/${instrumentId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ServicingEvent[];
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
    expect(ip).toMatchObject({ eventType: 'IP', paidAmount: '6000.00', holders: 3 });

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
    const [row] = await t.db.select({ status: instruments.status }).from(instruments).where(eq(instruments.id, bond));
    expect(row!.status).toBe('defaulted');
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
});
