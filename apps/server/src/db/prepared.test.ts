import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { jsonRows, rowsOf } from './json-rows';
import { executePrepared, toQuery } from './prepared';

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

describe('toQuery', () => {
  const dialect = new PgDialect();
  const people = pgTable('people', { id: uuid('id').primaryKey(), name: text('name') });
  const when = new Date('2026-11-25T01:02:03.456Z');
  const shapes: [string, SQL][] = [
    ['values of every kind', sql`select ${'a'}::text, ${1}, ${2n}::bigint, ${true}, ${null}, ${when}::timestamptz`],
    [
      'nested templates, joins and raw text, numbered in order',
      sql`with ${sql.join([sql`a as (select ${1} as x)`, sql`b as (select ${2} as y, ${sql.raw('3')} as z)`], sql`, `)} select ${'end'}`,
    ],
    ['an empty template and undefined', sql`select 1${sql``}${undefined}`],
    [
      'a column and a table (drizzle writes them)',
      sql`select ${people.name} from ${people} where ${people.id} = ${'x'}`,
    ],
    ['an identifier', sql`select ${sql.identifier('name')} from people`],
    ['a JS array (a list in parentheses)', sql`select 1 where 2 in ${[1, 2, 3]}`],
    ['inlined parameters', sql`select ${"it's"}`.inlineParams()],
    ['a typed parameter', sql`select ${sql.param(5)}`],
  ];

  it.each(shapes)('writes %s as PgDialect.sqlToQuery does', (_name, query) => {
    const expected = dialect.sqlToQuery(query);
    expect(toQuery(query)).toMatchObject({ sql: expected.sql, params: expected.params });
  });

  it('writes the order batch statement as drizzle does', () => {
    const batch = sql`with lease_fence as (update instrument_leases set epoch = epoch where instrument_fence(instrument_id = ${'i'}::uuid, owner = ${'o'} and epoch = ${'3'}::bigint) returning 1),
      ord_ins as (insert into orders select * from json_to_recordset(${jsonRows([{ id: 'x', created_at: when }])}::json) as r(id uuid, created_at timestamptz)),
      ${sql.join([sql`je_ins as (select ${'[]'}::json)`, sql`bal_in as (select ${'[1]'}::json)`], sql`, `)}
      select ledger_guard((select count(*) from bal_in) = ${2}, 'message') as ok`;
    const expected = dialect.sqlToQuery(batch);
    const ours = toQuery(batch);
    expect(ours).toEqual({ sql: expected.sql, params: expected.params });
    expect(ours.params).toHaveLength(7);
  });
});
