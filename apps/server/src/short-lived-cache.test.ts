import { describe, expect, it } from 'vitest';
import { ShortLivedCache, spreadTtl } from './short-lived-cache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ShortLivedCache', () => {
  it('runs one load for concurrent misses of a key and serves its value until it expires', async () => {
    const cache = new ShortLivedCache<string>(10);
    const gate = deferred<string>();
    let loads = 0;
    const load = () => (loads++, gate.promise);
    const waiting = Array.from({ length: 5 }, () => cache.getOrLoad('k', load, () => 2_000, 1_000));
    gate.resolve('v');
    expect(await Promise.all(waiting)).toEqual(['v', 'v', 'v', 'v', 'v']);
    expect(loads).toBe(1);
    expect(cache.get('k', 1_999)).toBe('v');
    expect(cache.get('k', 2_000)).toBeUndefined();
  });

  it('does not store a value whose expiry is null, nor one loaded across a forget', async () => {
    const cache = new ShortLivedCache<string>(10);
    await cache.getOrLoad(
      'none',
      async () => 'x',
      () => null,
      0,
    );
    expect(cache.get('none', 0)).toBeUndefined();
    const gate = deferred<string>();
    const pending = cache.getOrLoad(
      'k',
      () => gate.promise,
      () => 10_000,
      0,
    );
    cache.forget((key) => key === 'other');
    gate.resolve('read before the forget');
    expect(await pending).toBe('read before the forget');
    expect(cache.get('k', 0)).toBeUndefined();
  });

  it('lets a failed load be retried and drops the oldest entry beyond its bound', async () => {
    const cache = new ShortLivedCache<number>(2);
    await expect(
      cache.getOrLoad(
        'k',
        () => Promise.reject(new Error('down')),
        () => 10,
        0,
      ),
    ).rejects.toThrow('down');
    expect(
      await cache.getOrLoad(
        'k',
        async () => 1,
        () => 10,
        0,
      ),
    ).toBe(1);
    cache.set('b', 2, 10);
    cache.set('c', 3, 10);
    expect([cache.get('k', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([undefined, 2, 3]);
  });

  it('spreads a time to live over its last quarter, never past it', () => {
    expect(spreadTtl(5_000, () => 0)).toBe(5_000);
    expect(spreadTtl(5_000, () => 0.999_999)).toBe(3_751);
    expect(spreadTtl(5_000, () => 0.5)).toBe(4_375);
  });
});
