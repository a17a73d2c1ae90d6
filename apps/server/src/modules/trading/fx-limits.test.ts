import { addMonths, formatMoneyText, toMinorUnits } from '@meridian/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { SYSTEM_PERMISSIONS } from '../access/catalogue';
import { loadFxTable } from '../fx/service';
const LIMIT_CURRENCY = 'USD';
import { orderClient } from './test-support';

// Issue 17 item 10: permission limits are USD; an order or an issue in another currency is
// valued at the ECB reference rate before it is compared with them.

let t: TestApp;
let issuer: string;
let investor: string;

const limitOf = (permissionId: string) => SYSTEM_PERMISSIONS.find((p) => p.permissionId === permissionId)!.maxAmount!;
const inUsd = async (minor: bigint, currency: string) =>
  (await loadFxTable(t.db)).convert(minor, currency, LIMIT_CURRENCY);

beforeAll(async () => {
  t = await createTestApp();
  issuer = await t.signIn('issuer@meridian.test');
  investor = await t.signIn('investor@meridian.test');
});
afterAll(() => t.close());

function issue(currency: string, notionalAmount: number, name: string) {
  const today = new Date().toISOString().slice(0, 10);
  return t.app.inject({
    method: 'POST',
    url: '/api/instruments',
    headers: { cookie: issuer, origin: TEST_ORIGIN },
    payload: {
      contractType: 'PAM',
      name,
      notionalAmount,
      currency,
      issueDate: today,
      maturityDate: addMonths(today, 24),
      interestRate: 4,
      paymentFrequency: 'P1Y',
      dayCountConvention: 'A/365',
    },
  });
}

describe('orders in other currencies against the USD place_orders limit', () => {
  const limit = limitOf('place_orders');
  const limitText = `You can spend up to ${formatMoneyText(limit, 'USD')} per order with your role`;

  it('refuses a GBP order under the limit in pounds but over it in dollars', async () => {
    const bond = (await issue('GBP', 1_000_000, 'FX Limit Sterling Bond')).json().id as string;
    // 90,000 units at 100.00 GBP = 9,000,000.00 GBP: below 10,000,000 as a bare number.
    const notional = toMinorUnits('100.00')! * 90_000n;
    expect(notional).toBeLessThan(limit);
    expect(await inUsd(notional, 'GBP')).toBeGreaterThan(limit);
    const res = await orderClient(t).place(investor, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'limit',
      quantity: 90_000,
      price: '100.00',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: limitText });
  });

  it('lets a JPY order over the limit as a bare number but under it in dollars reach the funds check', async () => {
    const bond = (await issue('JPY', 100_000_000, 'FX Limit Yen Bond')).json().id as string;
    // 200,000 units at 100.00 JPY = 20,000,000.00 JPY: above 10,000,000 as a bare number.
    const notional = toMinorUnits('100.00')! * 200_000n;
    expect(notional).toBeGreaterThan(limit);
    expect(await inUsd(notional, 'JPY')).toBeLessThan(limit);
    const res = await orderClient(t).place(investor, {
      instrumentId: bond,
      orderType: 'buy',
      type: 'limit',
      quantity: 200_000,
      price: '100.00',
    });
    // The investor holds no yen: refused for funds, not for the limit.
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('issues in other currencies against the USD create_instruments limit', () => {
  const limit = limitOf('create_instruments');

  it('refuses a GBP issue whose dollar value is over the limit', async () => {
    const notional = 450_000_000;
    expect(toMinorUnits(notional)!).toBeLessThan(limit);
    expect(await inUsd(toMinorUnits(notional)!, 'GBP')).toBeGreaterThan(limit);
    const res = await issue('GBP', notional, 'FX Limit Large Sterling Issue');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `You can issue up to ${formatMoneyText(limit, 'USD')} per instrument with your role`,
    );
  });

  it('accepts a JPY issue over the limit as a bare number but under it in dollars', async () => {
    const notional = 600_000_000;
    expect(toMinorUnits(notional)!).toBeGreaterThan(limit);
    expect(await inUsd(toMinorUnits(notional)!, 'JPY')).toBeLessThan(limit);
    const res = await issue('JPY', notional, 'FX Limit Large Yen Issue');
    expect(res.statusCode).toBe(201);
  });
});
