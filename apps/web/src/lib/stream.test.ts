import { describe, expect, it } from 'vitest';
import { fallbackInterval, parseStreamFrame, reconnectDelay, streamUrl } from './stream';

describe('reconnectDelay', () => {
  it('doubles from half a second up to fifteen, with jitter in the upper half', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(20, () => 1)).toBe(15_000);
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
