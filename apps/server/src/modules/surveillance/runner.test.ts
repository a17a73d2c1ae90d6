import type { Ticker } from '@meridian/schemas';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { LocalEventBus, type MarketEvent } from '../market-data/event-bus';
import { SCAN_DEBOUNCE_MS, SCAN_POLL_MS, SurveillanceRunner } from './runner';
import { scanAll } from './scanner';

// The passes themselves are the scanner's (surveillance.test.ts); here only when they are run.
vi.mock('./scanner', () => ({ scanAll: vi.fn(async () => 0) }));
const passes = vi.mocked(scanAll);

const instrumentId = '00000000-0000-4000-8000-000000000001';
const quiet: Ticker = {
  instrumentId,
  name: 'Bond 4% 2031',
  currency: 'USD',
  lastPrice: '100.00',
  change: null,
  changePercent: null,
  bestBid: '99.00',
  bestAsk: '101.00',
  volume24h: 10,
  turnover24h: '1000.00',
  high24h: '100.00',
  low24h: '100.00',
  trades24h: 1,
};
/** A ticker published on another instance (the fan-out marks it remote). */
const remoteTicker = (ticker: Partial<Ticker>): MarketEvent => ({
  type: 'ticker',
  ticker: { ...quiet, ...ticker },
  remote: true,
});

describe('SurveillanceRunner', () => {
  let bus: LocalEventBus;
  let runner: SurveillanceRunner;

  beforeEach(async () => {
    vi.useFakeTimers();
    passes.mockClear();
    bus = new LocalEventBus();
    runner = new SurveillanceRunner({} as Db, pino({ level: 'silent' }));
    runner.start(bus);
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toHaveBeenCalledTimes(1); // the pass at start
  });

  afterEach(async () => {
    await runner.stop();
    vi.useRealTimers();
  });

  /** Passes run in the debounce window after `event`. */
  async function passesAfter(event: MarketEvent): Promise<number> {
    const before = passes.mock.calls.length;
    bus.publish(event);
    await vi.advanceTimersByTimeAsync(SCAN_DEBOUNCE_MS);
    return passes.mock.calls.length - before;
  }

  it('runs a pass for a remote ticker that shows a new trade, not for one that shows only a book change', async () => {
    expect(await passesAfter(remoteTicker({}))).toBe(1); // first seen: it may follow a trade
    expect(await passesAfter(remoteTicker({ bestBid: '99.50' }))).toBe(0);
    expect(await passesAfter(remoteTicker({ bestBid: '99.50', bestAsk: null }))).toBe(0);
    expect(
      await passesAfter(remoteTicker({ trades24h: 2, volume24h: 15, turnover24h: '1500.00', bestAsk: null })),
    ).toBe(1);
    expect(await passesAfter(remoteTicker({ trades24h: 2, volume24h: 15, turnover24h: '1500.00' }))).toBe(0);
  });

  it('tells instruments apart, and runs a pass for every local trade', async () => {
    expect(await passesAfter(remoteTicker({}))).toBe(1);
    const other = '00000000-0000-4000-8000-000000000002';
    expect(await passesAfter(remoteTicker({ instrumentId: other }))).toBe(1);
    expect(await passesAfter(remoteTicker({ instrumentId: other, bestBid: '98.00' }))).toBe(0);
    const trade = {
      id: '00000000-0000-4000-8000-0000000000aa',
      instrumentId,
      instrumentName: quiet.name,
      currency: 'USD',
      price: '100.00',
      quantity: 1,
      amount: '100.00',
      takerSide: 'buy' as const,
      settlementStatus: 'completed' as const,
      createdAt: new Date(0).toISOString(),
    };
    expect(await passesAfter({ type: 'trade', trade })).toBe(1);
  });

  it('still polls when no ticker shows a trade', async () => {
    bus.publish(remoteTicker({}));
    await vi.advanceTimersByTimeAsync(SCAN_DEBOUNCE_MS);
    const before = passes.mock.calls.length;
    bus.publish(remoteTicker({ bestBid: '99.10' }));
    await vi.advanceTimersByTimeAsync(SCAN_POLL_MS);
    expect(passes.mock.calls.length - before).toBe(1);
  });
});
