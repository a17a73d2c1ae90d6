import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { LiquidityProvider } from './liquidity-provider';
import { orderClient } from '../trading/test-support';

let t: TestApp;
let lp: LiquidityProvider;

/** A fixed sequence instead of Math.random, so the run is reproducible. */
function sequence(seed = 7): () => number {
  let a = seed;
  return () => (a = (a * 48_271) % 2_147_483_647) / 2_147_483_647;
}

beforeAll(async () => {
  // The app's own provider stays off (the default in tests); this one is driven by hand.
  t = await createTestApp();
  lp = new LiquidityProvider(t.db, t.app.trading, t.app.marketEvents, t.app.log, sequence());
  await lp.start();
});
afterAll(async () => {
  await lp.stop();
  await t.close();
});

describe('demo liquidity provider', () => {
  it('places seeded issues with the desk and quotes both sides around the model price', async () => {
    const cookie = await t.signIn('investor@meridian.test');
    const api = orderClient(t);
    await lp.tick();
    const instruments = (await api.get(cookie, '/api/instruments')).json() as { id: string; priceSource: string }[];
    expect(instruments.length).toBeGreaterThan(0);
    const quoted = [];
    for (const i of instruments) {
      const book = (await api.get(cookie, `/api/instruments/${i.id}/orderbook`)).json();
      if (book.bids.length > 0 && book.asks.length > 0) quoted.push(book);
    }
    expect(quoted.length).toBeGreaterThan(0);
    for (const book of quoted) {
      expect(Number(book.bids[0].price)).toBeLessThan(Number(book.asks[0].price));
      expect(book.bids.length).toBeGreaterThanOrEqual(1);
      expect(book.bids.length + book.asks.length).toBeLessThanOrEqual(6);
    }
    const trades = (await api.get(cookie, '/api/trades?limit=500')).json();
    expect(trades.length).toBeGreaterThan(0);
  });

  it('lets the demo flow trade against the quotes over a few rounds', async () => {
    const cookie = await t.signIn('investor@meridian.test');
    const before = (await orderClient(t).get(cookie, '/api/trades?limit=500')).json().length;
    for (let i = 0; i < 5; i++) await lp.tick();
    const after = (await orderClient(t).get(cookie, '/api/trades?limit=500')).json().length;
    expect(after).toBeGreaterThan(before);
  });

  it('quotes JPY instruments on the whole-yen tick, so their trades are whole yen (decision 0060)', async () => {
    const cookie = await t.signIn('investor@meridian.test');
    const api = orderClient(t);
    const instruments = (await api.get(cookie, '/api/instruments')).json() as { id: string; currency: string }[];
    const yen = instruments.filter((i) => i.currency === 'JPY');
    expect(yen.length).toBeGreaterThan(0);
    let levels = 0;
    for (const i of yen) {
      const book = (await api.get(cookie, `/api/instruments/${i.id}/orderbook`)).json();
      for (const level of [...book.bids, ...book.asks]) {
        expect(level.price).toMatch(/^\d+\.00$/);
        levels++;
      }
    }
    expect(levels).toBeGreaterThan(0);
    await expectLedgerInvariants(t.db);
  });
});
