import { isValidIsin, isValidLei, platformIsin } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../client';
import { instruments, organisations } from '../schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { demoLei } from './identifiers';

describe('seeded identifiers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every demo organisation has a distinct, valid LEI with the private prefix', async () => {
    const rows = await t.db.select({ name: organisations.name, lei: organisations.lei }).from(organisations);
    expect(rows.length).toBeGreaterThan(5);
    for (const { name, lei } of rows) {
      expect(lei).toBe(demoLei(name));
      expect(isValidLei(lei!)).toBe(true);
      expect(lei!.startsWith('MRDN00')).toBe(true);
    }
    expect(new Set(rows.map((r) => r.lei)).size).toBe(rows.length);
  });

  it('every instrument has a valid ISIN from the database, the same algorithm as platformIsin', async () => {
    const rows = await t.db.select({ isin: instruments.isin }).from(instruments);
    expect(rows.length).toBeGreaterThan(0);
    for (const { isin } of rows) expect(isValidIsin(isin!) && isin!.startsWith('QZMRD')).toBe(true);
    for (const n of [1, 35, 36, 1295, 46_656, 123_456, 2_176_782_335]) {
      const [row] = await selectRows<{ isin: string }>(t.db, sql`select platform_isin(${n}) as isin`);
      expect(row!.isin).toBe(platformIsin(n));
    }
  });
});
