import { randomFillSync } from 'node:crypto';

/**
 * UUID version 7 (RFC 9562, section 5.7): 48 bits of Unix milliseconds, then 74 random bits.
 * Ids made one after another sort by time, so the rows of append-heavy tables (orders,
 * trades, settlements, journal entries) land at the right-hand edge of their primary-key and
 * foreign-key indexes instead of at random pages (decision 0097). An id reveals its creation
 * time to the millisecond; every row keyed this way already shows its `created_at`.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (poolOffset + RANDOM_BYTES > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += RANDOM_BYTES;
  // 48-bit timestamp: the high 16 bits and the low 32 bits, each exact as a JavaScript number.
  const high = Math.floor(now / 0x1_0000_0000);
  const low = now >>> 0;
  return (
    HEX4[high & 0xffff]! +
    HEX4[low >>> 16]! +
    '-' +
    HEX4[low & 0xffff]! +
    '-' +
    // version 7 in the top nibble, then 12 random bits (rand_a)
    HEX4[0x7000 | (((pool[r]! & 0x0f) << 8) | pool[r + 1]!)]! +
    '-' +
    // variant 0b10 in the top two bits, then 14 random bits: the start of rand_b
    HEX4[0x8000 | (((pool[r + 2]! & 0x3f) << 8) | pool[r + 3]!)]! +
    '-' +
    HEX4[(pool[r + 4]! << 8) | pool[r + 5]!]! +
    HEX4[(pool[r + 6]! << 8) | pool[r + 7]!]! +
    HEX4[(pool[r + 8]! << 8) | pool[r + 9]!]!
  );
}

const RANDOM_BYTES = 10;
const pool = Buffer.alloc(RANDOM_BYTES * 512);
let poolOffset = pool.length;
const HEX4: readonly string[] = Array.from({ length: 0x10000 }, (_, i) => i.toString(16).padStart(4, '0'));
