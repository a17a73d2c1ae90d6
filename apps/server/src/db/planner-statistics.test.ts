import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { rowsOf } from './json-rows';
import { PlannerStatistics } from './planner-statistics';

describe('PlannerStatistics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('on PostgreSQL, analyses a table that has doubled, so a kept generic plan reaches its rows by index again', async (ctx) => {
    if (t.app.database.kind !== 'postgres') ctx.skip();
    const statistics = new PlannerStatistics(t.app.database);
    await t.db.execute(sql`create table planner_probe (id uuid primary key, v int not null)`);
    await t.db.execute(sql`insert into planner_probe select gen_random_uuid(), 0 from generate_series(1, 200)`);
    await t.db.execute(sql`analyze planner_probe`);
    // One connection of its own holds the prepared statement and its generic plan across
    // transactions, as a pool connection holds the order batch's.
    const [{ name }] = rowsOf(await t.db.execute(sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const session = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await session`set plan_cache_mode = force_generic_plan`;
      await session.unsafe(`prepare planner_probe_update(json) as update planner_probe set v = v + 1
        where id = any(array(select json_array_elements_text($1)::uuid))`);
      const plan = async () =>
        (await session.unsafe(`explain execute planner_probe_update('[]')`))
          .map((r) => String(r['QUERY PLAN']))
          .join('\n');
      expect(await plan()).toMatch(/Seq Scan on planner_probe/);
      // The table grows a hundredfold; its counters reach the statistics at once.
      await t.db
        .execute(sql`with grown as (insert into planner_probe select gen_random_uuid(), 0 from generate_series(1, 20000))
        select pg_stat_force_next_flush()`);
      // Nothing analysed it: the kept plan still scans the whole table.
      expect(await plan()).toMatch(/Seq Scan on planner_probe/);
      let analysed: string[] = [];
      for (let i = 0; i < 50 && !analysed.includes('public.planner_probe'); i++) {
        analysed = await statistics.refresh();
        if (!analysed.includes('public.planner_probe')) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(analysed).toContain('public.planner_probe');
      expect(await plan()).toMatch(/Index.*planner_probe_pkey/);
    } finally {
      await session.end({ timeout: 5 });
    }
    // Analysed: nothing to do until it doubles again.
    expect(await statistics.refresh()).not.toContain('public.planner_probe');
  });

  it('on PostgreSQL, analyses created_at too, so a count of the last minute reads the index, not the table', async (ctx) => {
    if (t.app.database.kind !== 'postgres') ctx.skip();
    const statistics = new PlannerStatistics(t.app.database);
    await t.db.execute(
      sql`create table recent_probe (id uuid primary key, created_at timestamptz not null, note text not null)`,
    );
    await t.db.execute(sql`create index recent_probe_created_idx on recent_probe (created_at)`);
    // A year of rows, one a minute apart: the last minute holds one of them.
    await t.db.execute(sql`with grown as (insert into recent_probe
        select gen_random_uuid(), now() - make_interval(mins => i), repeat('x', 40) from generate_series(1, 60000) as i)
      select pg_stat_force_next_flush()`);
    const plan = async () =>
      rowsOf(
        await t.db.execute(
          sql`explain select count(*) from recent_probe where created_at >= now() - make_interval(secs => 60)`,
        ),
      )
        .map((r) => String(r['QUERY PLAN']))
        .join('\n');
    let analysed: string[] = [];
    for (let i = 0; i < 50 && !analysed.includes('public.recent_probe'); i++) {
      analysed = await statistics.refresh();
      if (!analysed.includes('public.recent_probe')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(analysed).toContain('public.recent_probe');
    const columns = rowsOf(
      await t.db.execute(sql`select attname from pg_stats where tablename = 'recent_probe' order by attname`),
    ).map((r) => String(r.attname));
    // The key and the time column, not the wide text column.
    expect(columns).toEqual(['created_at', 'id']);
    expect(await plan()).toMatch(
      /Index Only Scan using recent_probe_created_idx|Index Scan using recent_probe_created_idx/,
    );
  });
});
