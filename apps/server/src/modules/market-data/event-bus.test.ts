import { describe, expect, it, vi } from 'vitest';
import { Coalescer, LocalEventBus } from './event-bus';

describe('LocalEventBus', () => {
  it('delivers to every subscriber until it unsubscribes, even when one throws', () => {
    const bus = new LocalEventBus();
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('closed socket');
    });
    const off = bus.subscribe((e) => seen.push(e.type));
    bus.publish({ type: 'book', instrumentId: 'x', bids: [], asks: [] });
    off();
    bus.publish({ type: 'book', instrumentId: 'x', bids: [], asks: [] });
    expect(seen).toEqual(['book']);
    expect(bus.subscribers).toBe(1);
  });
});

describe('Coalescer', () => {
  it('runs once per key per window', () => {
    vi.useFakeTimers();
    const c = new Coalescer(100);
    const run = vi.fn();
    c.schedule('a', run);
    c.schedule('a', run);
    c.schedule('b', run);
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
    c.schedule('a', run);
    c.stop();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
