import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

const dialect = new PgDialect();

/**
 * Runs a statement as a prepared statement (decision 0075). `db.execute` sends every
 * statement unnamed: postgres.js asks the server for the parameter types first (Parse +
 * Describe, one round trip), then binds and executes it, and PostgreSQL parses, analyses
 * and plans the text every time. Prepared, postgres.js keeps the statement per connection
 * and text, so from the second run it is one round trip (Bind + Execute) and the server
 * keeps its parse tree; after five runs it keeps a generic plan too, as long as that costs
 * no more than the custom ones — which holds for JSON-row parameters (`jsonRows`), whose
 * contents the planner never sees. Meant for hot statements whose text takes a few shapes
 * only (the order batch, the ledger's write); PGlite ignores the name.
 */
export function executePrepared(db: Db | Tx, query: SQL): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, 'prepared', false).execute();
}
