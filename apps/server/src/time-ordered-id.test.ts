import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeOrderedId } from './time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the milliseconds given', () => {
    const at = Date.UTC(2026, 10, 25, 13, 59, 7, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('keeps the top timestamp bits of dates far from now', () => {
    const at = 2 ** 48 - 1; // the largest time a UUIDv7 holds (year 10889)
    expect(timeOrderedId(at).slice(0, 13)).toBe('ffffffff-ffff');
    expect(timeOrderedId(0).slice(0, 13)).toBe('00000000-0000');
  });

  it('sorts by time across milliseconds and never repeats', () => {
    const start = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 20_000; i++) ids.push(timeOrderedId(start + Math.floor(i / 100)));
    expect(new Set(ids).size).toBe(ids.length);
    const firstOfEachMs = ids.filter((_, i) => i % 100 === 0);
    expect([...firstOfEachMs].sort()).toEqual(firstOfEachMs);
    // the random part varies: not one value of rand_a across a whole millisecond
    expect(new Set(ids.slice(0, 100).map((id) => id.slice(15, 18))).size).toBeGreaterThan(1);
  });

  it("passes the API schemas' uuid check (zod)", () => {
    expect(z.uuid().safeParse(timeOrderedId()).success).toBe(true);
  });
});
