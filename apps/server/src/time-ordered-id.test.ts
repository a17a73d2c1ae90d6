import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTimeOrderedIds, timeOrderedId } from './time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('time-ordered ids (UUIDv7)', () => {
  it('is a version 7 UUID whose first 48 bits are the clock milliseconds', () => {
    const at = Date.UTC(2026, 10, 25, 13, 59, 7, 123);
    const id = createTimeOrderedIds(() => at)();
    expect(id).toMatch(UUID_V7);
    expect(millisOf(id)).toBe(at);
    expect(createTimeOrderedIds(() => 2 ** 48 - 1)().slice(0, 13)).toBe('ffffffff-ffff');
    expect(createTimeOrderedIds(() => 0)().slice(0, 13)).toBe('00000000-0000');
  });

  it('strictly increases within a millisecond, across milliseconds, and when the clock goes back', () => {
    let now = Date.UTC(2026, 10, 25);
    const next = createTimeOrderedIds(() => now);
    const ids: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      if (i % 1_000 === 0) now += 1;
      if (i === 20_000) now -= 5; // an NTP step back
      ids.push(next());
    }
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!, `${ids[i - 1]} < ${ids[i]}`).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('borrows the next millisecond when 4,096 ids would not fit in one', () => {
    const at = Date.UTC(2026, 10, 25);
    const next = createTimeOrderedIds(() => at);
    const ids = Array.from({ length: 5_000 }, () => next());
    expect(millisOf(ids[0]!)).toBe(at);
    expect(millisOf(ids.at(-1)!)).toBeGreaterThan(at);
    expect([...ids].sort()).toEqual(ids);
  });

  it("passes the API schemas' uuid check (zod)", () => {
    expect(z.uuid().safeParse(timeOrderedId()).success).toBe(true);
  });
});
