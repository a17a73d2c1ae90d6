import type { LiquidityPools } from '@meridian/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { LiquidityProvider } from '../demo/liquidity-provider';
import { poolFigures } from './service';

let t: TestApp;
let lp: LiquidityProvider;

function sequence(seed = 11): () => number {
  let a = seed;
  return () => (a = (a * 48_271) % 2_147_483_647) / 2_147_483_647;
}

beforeAll(async () => {
  t = await createTestApp();
  lp = new LiquidityProvider(t.db, t.app.trading, t.app.marketEvents, t.app.log, sequence());
  await lp.start();
  for (let i = 0; i < 6; i++) await lp.tick();
});
afterAll(async () => {
  await lp.stop();
  await t.close();
});

async function pools(cookie: string): Promise<LiquidityPools> {
  const response = await t.app.inject({ method: 'GET', url: '/api/liquidity/pools', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/liquidity/pools', () => {
  it("shows the demo liquidity provider's programmes with resting liquidity and its fills' figures", async () => {
    const cookie = await t.signIn('marketmaker@meridian.test');
    const body = await pools(cookie);
    expect(body.maker?.name).toBe('Meridian Liquidity Desk');
    expect(body.pools.length).toBeGreaterThan(0);
    const active = body.pools.filter((p) => p.status === 'active');
    expect(active.length).toBe(body.totals.activePairs);
    for (const pool of active) {
      expect(Number(pool.liquidity)).toBeCloseTo(Number(pool.bidLiquidity) + Number(pool.askLiquidity), 2);
      expect(pool.targetSpreadBp).toBe(30);
      // Quotes sit at mid ± 15 bp, at least one tick away: never much tighter than 30 bp (offsets round down to the tick).
      // One side may be empty (no inventory to offer, or just taken by the flow).
      if (pool.quotedSpreadBp !== null) expect(pool.quotedSpreadBp).toBeGreaterThan(20);
    }
    // Where the price is large against the tick, the inside spread is the programme's 30 bp.
    expect(active.filter((p) => p.quotedSpreadBp! < 31).length).toBeGreaterThan(0);
    expect(body.totals.trades24h).toBeGreaterThan(0);
    // The flow only takes the desk's quotes, each priced away from its mid: earnings are positive.
    expect(Number(body.totals.spreadEarnings24h)).toBeGreaterThan(0);
    expect(body.recentTrades.length).toBeGreaterThan(0);
  });

  it('Adjust Spreads widens the quotes in the book on the next round', async () => {
    const cookie = await t.signIn('marketmaker@meridian.test');
    const before = await pools(cookie);
    const target = before.pools.find((p) => p.status === 'active' && p.quotedSpreadBp! < 31)!;
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/liquidity/pools/spreads',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { instrumentId: target.instrumentId, spreadBp: 200 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 1, spreadBp: 200 });
    // tick() joins a round already running (the provider's own timer), which may have read the
    // spreads before the change; the round after it starts after the change.
    await lp.tick();
    await lp.tick();
    const after = (await pools(cookie)).pools.find((p) => p.instrumentId === target.instrumentId)!;
    expect(after.targetSpreadBp).toBe(200);
    expect(after.quotedSpreadBp).toBeGreaterThan(190);
    expect(after.quotedSpreadBp).toBeLessThan(210);
  });

  it('refuses odd or out-of-range spreads and users without provide_liquidity', async () => {
    const maker = await t.signIn('marketmaker@meridian.test');
    const odd = await t.app.inject({
      method: 'PATCH',
      url: '/api/liquidity/pools/spreads',
      headers: { cookie: maker, origin: TEST_ORIGIN },
      payload: { spreadBp: 31 },
    });
    expect(odd.statusCode).toBe(400);
    const investor = await t.signIn('investor@meridian.test');
    const denied = await t.app.inject({
      method: 'PATCH',
      url: '/api/liquidity/pools/spreads',
      headers: { cookie: investor, origin: TEST_ORIGIN },
      payload: { spreadBp: 40 },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('poolFigures', () => {
  it('splits trading P&L into spread earnings and inventory P&L that add up', () => {
    // Bought 10 at 99 around a mid of 100 (earned 10); the mark then moved to 102.
    const f = poolFigures(
      { bidValue: 9_900n, askValue: 0n, bestBid: 99n, bestAsk: null },
      { trades: 1, volume: 990n, spreadEarnings: 10n, netUnits: 10n, netCash: -990n },
      { now: 102n, windowStart: 100n },
      10n,
    );
    expect(f.spreadEarnings).toBe(10n);
    expect(f.inventoryPnl).toBe(20n);
    expect(f.capital).toBe(9_900n + 1_020n);
    expect(f.quotedSpreadBp).toBeNull();
    expect(f.apy).toBeCloseTo((30 / 10_920) * 365 * 100, 2);
  });
});
