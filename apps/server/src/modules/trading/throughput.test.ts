import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { custodyMove, issueBond, orderClient } from './test-support';
import { REFRESH_MS, ThroughputMeter, WAIT_AFTER_MS } from './throughput';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('throughput meter (counted when read, decision 0090)', () => {
  it('answers the last minute of orders and trades, counted only when a read finds the figures stale', async () => {
    let clock = 1_000_000;
    const meter = new ThroughputMeter(t.db, () => clock);
    await meter.start();
    const orders = async () => (await meter.rates())?.ordersPerSecond;
    expect(await meter.rates()).toEqual({ ordersPerSecond: 0, tradesPerSecond: 0 });

    const api = orderClient(t);
    const [issuer, investor, custodian] = await Promise.all(
      ['issuer', 'investor', 'custodian'].map((u) => t.signIn(`${u}@meridian.test`)),
    );
    const bond = await issueBond(t, issuer!, 'Throughput Test 4% 2031');
    expect(
      (
        await custodyMove(t, custodian!, 'deposits', {
          email: 'investor@meridian.test',
          currency: 'USD',
          amount: '1000.00',
        })
      ).statusCode,
    ).toBe(201);
    const limit = (orderType: 'buy' | 'sell', price: string) => ({
      instrumentId: bond,
      orderType,
      type: 'limit',
      quantity: 1,
      price,
    });
    for (const price of ['100.00', '101.00', '102.00'])
      expect((await api.place(issuer!, limit('sell', price))).statusCode).toBe(201);
    expect((await api.place(investor!, limit('buy', '100.00'))).statusCode).toBe(201);

    // Fresh figures are served as they are: no count while they are younger than REFRESH_MS.
    clock += REFRESH_MS - 1;
    expect(await orders()).toBe(0);
    await meter.settled();
    expect(await orders()).toBe(0);

    // A stale read answers the last figures at once and counts for the next one.
    clock += 1;
    expect(await orders()).toBe(0);
    await meter.settled();
    expect(await meter.rates()).toEqual({
      ordersPerSecond: Math.round((4 / 60) * 100) / 100,
      tradesPerSecond: Math.round((1 / 60) * 100) / 100,
    });

    // After a quiet spell the first read waits for the count: it never answers a spell-old figure.
    expect((await api.place(issuer!, limit('sell', '103.00'))).statusCode).toBe(201);
    clock += WAIT_AFTER_MS;
    expect(await orders()).toBe(Math.round((5 / 60) * 100) / 100);
  });
});
