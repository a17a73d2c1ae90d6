import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fallbackInterval } from '@/lib/stream-status';
import { marketKeys } from './keys';
import { gapDetector, openStream, parseStreamFrame, reconnectDelay, streamUrl } from './stream';

const TICKER = {
  instrumentId: '5b0f4a5e-8f0a-4a55-9d1b-2f1d8f1f4c11',
  name: 'Bond',
  currency: 'USD',
  lastPrice: '100.00',
  change: '0.00',
  changePercent: 0,
  bestBid: null,
  bestAsk: null,
  volume24h: 1,
  turnover24h: '100.00',
  high24h: '100.00',
  low24h: '100.00',
  trades24h: 1,
};

describe('reconnectDelay', () => {
  it('doubles from half a second up to fifteen, with jitter in the upper half', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(20, () => 1)).toBe(15_000);
  });
});

describe('gapDetector', () => {
  it('flags a frame that is not the next of its instrument, per instrument; frames without seq never', () => {
    const missed = gapDetector();
    const ticker = (instrumentId: string, seq?: number) => ({
      type: 'ticker' as const,
      ticker: { ...TICKER, instrumentId },
      seq,
    });
    expect(missed(ticker('a', 7))).toBe(false);
    expect(missed(ticker('a', 8))).toBe(false);
    expect(missed(ticker('b', 100))).toBe(false);
    expect(missed(ticker('a', 10))).toBe(true);
    expect(missed(ticker('a', 11))).toBe(false);
    // A new owner numbers from its epoch: a jump, so resync.
    expect(missed(ticker('b', 2_000_000_001))).toBe(true);
    expect(missed(ticker('b'))).toBe(false);
  });
});

describe('stream helpers', () => {
  it('builds the socket URL on the page origin', () => {
    expect(streamUrl({ protocol: 'http:', host: '127.0.0.1:5107' })).toBe('ws://127.0.0.1:5107/api/stream');
    expect(streamUrl({ protocol: 'https:', host: 'meridian.example' })).toBe('wss://meridian.example/api/stream');
  });

  it('drops frames that are not JSON messages we know', () => {
    expect(parseStreamFrame('not json')).toBeNull();
    expect(parseStreamFrame('{"type":"book"}')).toBeNull();
    expect(parseStreamFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('polls only while the stream is not live', () => {
    expect(fallbackInterval('live', 2000)).toBe(false);
    expect(fallbackInterval('down', 2000)).toBe(2000);
    expect(fallbackInterval('connecting', 5000)).toBe(5000);
  });
});

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
}

describe('openStream', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost:5107' } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('applies frames, reconnects after a drop and refetches what it missed', () => {
    const client = new QueryClient();
    client.setQueryData(marketKeys.marketData(), []);
    const statuses: string[] = [];
    const connection = openStream(client, (s) => statuses.push(s));
    const first = FakeSocket.instances[0]!;
    expect(first.url).toBe('ws://localhost:5107/api/stream');
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify({ type: 'ticker', ticker: TICKER }) });
    expect(client.getQueryData(marketKeys.marketData())).toEqual([TICKER]);
    expect(client.getQueryState(marketKeys.marketData())?.isInvalidated).toBe(false);

    first.onclose?.();
    expect(statuses).toEqual(['connecting', 'live', 'down']);
    vi.advanceTimersByTime(500);
    const second = FakeSocket.instances[1]!;
    second.onopen?.();
    expect(statuses.at(-1)).toBe('live');
    // Frames sent while it was down are lost: the data it feeds is fetched again.
    expect(client.getQueryState(marketKeys.marketData())?.isInvalidated).toBe(true);

    connection.close();
    expect(second.closed).toBe(true);
    second.onclose?.();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(statuses.at(-1)).toBe('idle');
  });
});
