import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { selectRows } from './client';

describe('selectRows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns plain rows from raw SQL on the active driver', async () => {
    const rows = await selectRows<{ email: string }>(
      t.db,
      sql`select email from users where email like 'investor%' order by email`,
    );
    expect(rows.map((r) => r.email)).toEqual(['investor2@meridian.test', 'investor@meridian.test']);
  });

  it('works inside a transaction', async () => {
    const n = await t.db.transaction(async (tx) => (await selectRows<{ n: number }>(tx, sql`select 1 + 1 as n`))[0]!.n);
    expect(Number(n)).toBe(2);
  });
});
