/**
 * Values this process may serve for a short while after loading them (validated sessions,
 * permission holdings): bounded, each entry with its own expiry, ONE load at a time per
 * key (concurrent misses share it: when entries expire under load, a burst of requests
 * must not all re-validate), and `forget` also keeps a load that started before it from
 * storing what it read.
 */
export class ShortLivedCache<V> {
  private readonly entries = new Map<string, { value: V; validUntil: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by every forget: a load that saw another generation does not store. */
  private generation = 0;

  constructor(private readonly maxEntries: number) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, validUntil: number): void {
    // Map keeps insertion order: dropping the first entry drops the oldest.
    if (this.entries.size >= this.maxEntries && !this.entries.has(key))
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, validUntil });
  }

  /**
   * The cached value, else the result of `load`, shared by every caller that misses while
   * it runs. Stored until `validUntil(value)`; never stored when that is null, nor when
   * something was forgotten while it loaded.
   */
  getOrLoad(
    key: string,
    load: () => Promise<V>,
    validUntil: (value: V) => number | null,
    now = Date.now(),
  ): Promise<V> {
    const hit = this.get(key, now);
    if (hit !== undefined) return Promise.resolve(hit);
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = load()
        .then((value) => {
          const until = validUntil(value);
          if (until !== null && generation === this.generation) this.set(key, value, until);
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Forgets the entries `matches` selects, or all of them. */
  forget(matches?: (key: string, value: V) => boolean): void {
    this.generation++;
    if (!matches) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }
}

/**
 * A time to live shortened by up to a quarter at random: entries loaded together (say, the
 * sessions of a burst of sign-ins) then expire apart, so their reloads do not all land on
 * the same moment. Never longer than `ms`.
 */
export function spreadTtl(ms: number, random: () => number = Math.random): number {
  return ms - Math.floor(ms * 0.25 * random());
}

/** One cache per key object (per database, so test apps never share entries). */
export function cachePerKey<K extends object, V>(create: () => ShortLivedCache<V>): (owner: K) => ShortLivedCache<V> {
  const caches = new WeakMap<K, ShortLivedCache<V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = create();
      caches.set(owner, cache);
    }
    return cache;
  };
}
