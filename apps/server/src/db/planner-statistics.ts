import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './json-rows';

/** How often the tables' growth is checked (one catalog read, well under a millisecond). */
export const PLANNER_STATISTICS_CHECK_MS = 5_000;

/**
 * The tables whose rows changed since their last ANALYZE at least as many times as they had
 * rows then (1,000 at least): each has about doubled or turned over. A never-analysed table
 * has `reltuples` -1, so it qualifies after 1,000 changes.
 */
const STALE_TABLES = sql`select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze >= greatest(1000, c.reltuples)
  order by s.n_mod_since_analyze desc`;

/**
 * Keeps the planner's table statistics from going stale while autovacuum is off (decision
 * 0086). The hot statements run prepared (decision 0075), and PostgreSQL keeps a prepared
 * statement's generic plan until a statistics change invalidates it. With autovacuum off, as
 * on the CI and benchmark server, nothing analyses, so the order batch kept the plan it got
 * when `orders` held a few hundred rows: a sequential scan of the whole table for every batch
 * that updates resting orders, its cost growing with history. An ANALYZE whenever a table has
 * about doubled re-plans them; that is about 20 runs from 1,000 to 1,000,000,000 rows.
 * Harmless beside autovacuum (whose default thresholds, a tenth of the table, come first).
 * PostgreSQL only: PGlite plans every statement afresh.
 */
export class PlannerStatistics {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly database: Database) {}

  /** Analyses the tables that have about doubled; answers their names. */
  async refresh(): Promise<string[]> {
    const names = rowsOf(await this.database.db.execute(STALE_TABLES)).map((r) => String(r.name));
    // Names come from the catalog, quoted by format('%I'); ANALYZE takes no parameters.
    if (names.length > 0) await this.database.db.execute(sql.raw(`analyze ${names.join(', ')}`));
    return names;
  }

  start(): void {
    if (this.database.kind !== 'postgres' || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      // A failed check (e.g. the pool closing at shutdown) is retried at the next tick.
      void this.refresh()
        .catch(() => undefined)
        .finally(() => (this.running = false));
    }, PLANNER_STATISTICS_CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
