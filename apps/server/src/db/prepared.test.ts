import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { jsonRows, rowsOf } from './json-rows';
import { executePrepared } from './prepared';

describe('executePrepared', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sum = (values: bigint[]) =>
    sql`select sum(v)::text as total from json_to_recordset(${jsonRows(values.map((v) => ({ v: String(v) })))}::json) as r(v bigint)`;

  it('answers the rows of the statement, with new parameters on every run, alone and in a transaction', async () => {
    expect(rowsOf(await executePrepared(t.db, sum([1n, 2n])))).toEqual([{ total: '3' }]);
    expect(rowsOf(await executePrepared(t.db, sum([9_007_199_254_740_993n, 1n])))).toEqual([
      { total: '9007199254740994' },
    ]);
    const inTx = await t.db.transaction(async (tx) => rowsOf(await executePrepared(tx, sum([5n]))));
    expect(inTx).toEqual([{ total: '5' }]);
  });

  it('on PostgreSQL, keeps one prepared statement per connection and text, planned generically after five runs', async (ctx) => {
    if (t.app.database.kind !== 'postgres') ctx.skip();
    // One transaction: one connection of the pool, whose prepared statements the view lists.
    const stats = await t.db.transaction(async (tx) => {
      for (let i = 1; i <= 8; i++) await executePrepared(tx, sum([BigInt(i), 1n]));
      return rowsOf(
        await tx.execute(sql`select count(*)::int as n, coalesce(sum(generic_plans), 0)::int as generic
          from pg_prepared_statements where statement like '%sum(v)::text as total from json_to_recordset%'`),
      )[0];
    });
    expect(stats).toEqual({ n: 1, generic: expect.any(Number) });
    expect((stats as { generic: number }).generic).toBeGreaterThanOrEqual(1);
  });
});
