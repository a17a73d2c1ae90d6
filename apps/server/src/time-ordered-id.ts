import { randomFillSync } from 'node:crypto';

const RANDOM_BYTES = 10;
const HEX4: readonly string[] = Array.from({ length: 0x10000 }, (_, i) => i.toString(16).padStart(4, '0'));

/**
 * UUIDs of version 7 (RFC 9562, section 5.7): 48 bits of Unix milliseconds, 12 bits of a
 * per-millisecond counter (rand_a, section 6.2 method 1), then 62 random bits. The ids one
 * generator makes strictly increase, so the rows of insert-only tables (trades, settlements,
 * journal entries) land at the right-hand edge of their indexes instead of at random
 * pages (decision 0097). Strictly, not merely by millisecond: a B-tree page split where the new key
 * is not the page's last splits the page in half, and keys that only sort by millisecond would
 * leave every left half half-empty for good.
 *
 * An id reveals its creation time to the millisecond; every row keyed this way already shows
 * its `created_at`.
 */
export function createTimeOrderedIds(clock: () => number = Date.now): () => string {
  const pool = Buffer.alloc(RANDOM_BYTES * 512);
  let offset = pool.length;
  let lastMs = -1;
  let counter = 0;
  return () => {
    if (offset + RANDOM_BYTES > pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const r = offset;
    offset += RANDOM_BYTES;
    const now = clock();
    if (now > lastMs) {
      lastMs = now;
      // A random start in the counter's lower half leaves 2,048 or more ids for this millisecond.
      counter = ((pool[r]! & 0x07) << 8) | pool[r + 1]!;
    } else if (++counter > 0xfff) {
      // Counter spent (or the clock went back): borrow the next millisecond (RFC 9562, 6.2).
      lastMs += 1;
      counter = ((pool[r]! & 0x07) << 8) | pool[r + 1]!;
    }
    // 48-bit timestamp: the high 16 bits and the low 32 bits, each exact as a JavaScript number.
    const high = Math.floor(lastMs / 0x1_0000_0000);
    const low = lastMs >>> 0;
    return (
      HEX4[high & 0xffff]! +
      HEX4[low >>> 16]! +
      '-' +
      HEX4[low & 0xffff]! +
      '-' +
      HEX4[0x7000 | counter]! + // version 7, then the counter
      '-' +
      HEX4[0x8000 | (((pool[r + 2]! & 0x3f) << 8) | pool[r + 3]!)]! + // variant 0b10, 14 random bits
      '-' +
      HEX4[(pool[r + 4]! << 8) | pool[r + 5]!]! +
      HEX4[(pool[r + 6]! << 8) | pool[r + 7]!]! +
      HEX4[(pool[r + 8]! << 8) | pool[r + 9]!]!
    );
  };
}

/** The process's generator: ids of trades, settlements and journal entries (not orders: decision 0097). */
export const timeOrderedId = createTimeOrderedIds();
