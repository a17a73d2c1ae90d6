import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './json-rows';

/** How often the tables' growth is checked (one catalog read, well under a millisecond). */
export const PLANNER_STATISTICS_CHECK_MS = 5_000;

/**
 * The tables that hold at least twice the rows they had at their last ANALYZE (1,000 at least; a
 * never-analysed table has `reltuples` -1), each with its primary-key columns and its `created_at`
 * if it has one: the recent-window counts (system status rates: the last minute of orders and
 * trades) filter on it, and without its histogram the planner assumes a third of the table
 * matches and scans all of it (170 ms at 1,000,000 trades, against 0.05 ms through the index).
 * Updates alone never qualify a table: they do not change its size, which is what the kept plans
 * went wrong on.
 */
const GROWN_TABLES = sql`select format('%I.%I', s.schemaname, s.relname) as name,
    (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
      where a.attrelid = s.relid and not a.attisdropped
        and (a.attname = 'created_at' or a.attnum = any(
          (select i.indkey from pg_index i where i.indrelid = s.relid and i.indisprimary)::int2[]))) as key
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_live_tup >= 2 * greatest(500, c.reltuples)`;

/**
 * Keeps the planner's table statistics from going stale while autovacuum is off (decision
 * 0086). The hot statements run prepared (decision 0075), and PostgreSQL keeps a prepared
 * statement's generic plan until a statistics change invalidates it. With autovacuum off, as
 * on the CI and benchmark server, nothing analyses, so the order batch kept the plan it got
 * when `orders` held a few hundred rows: a sequential scan of the whole table for every batch
 * that updates resting orders, its cost growing with history. An ANALYZE whenever a table has
 * doubled re-plans them: about 20 runs from 1,000 to 1,000,000,000 rows. Only the primary-key
 * columns (and `created_at`, see GROWN_TABLES) are analysed: that updates the table's size (and sends the invalidation) for a
 * fraction of the cost of sorting a sample of every text and JSON column, which a fresh database
 * doubling every few seconds would otherwise pay each time. Harmless beside autovacuum, whose
 * default threshold (a tenth of the table) comes first.
 * PostgreSQL only: PGlite plans every statement afresh.
 */
export class PlannerStatistics {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly database: Database) {}

  /** Analyses the tables that have doubled; answers their names. */
  async refresh(): Promise<string[]> {
    const grown = rowsOf(await this.database.db.execute(GROWN_TABLES)).map((r) => ({
      name: String(r.name),
      key: r.key === null ? '' : ` (${String(r.key)})`,
    }));
    // Names come from the catalog, quoted by format('%I') and quote_ident; ANALYZE takes no parameters.
    if (grown.length > 0)
      await this.database.db.execute(sql.raw(`analyze ${grown.map((t) => `${t.name}${t.key}`).join(', ')}`));
    return grown.map((t) => t.name);
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
