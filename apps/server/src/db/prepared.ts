import { SQL, StringChunk } from 'drizzle-orm';
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
  return db._.session.prepareQuery(toQuery(query), undefined, 'prepared', false).execute();
}

/**
 * Text and parameters of a statement, as `PgDialect.sqlToQuery` writes them (decision 0082).
 * The hot statements are plain SQL templates: text chunks, nested templates and values. For
 * those the text is written here in one walk; drizzle's own walk tests every chunk against a
 * dozen entity classes through its prototype chain and was about 3% of the order path's main
 * thread (one batch statement of ~15 CTEs per batch). Anything else (columns, tables, names,
 * typed params, inlined params, JS arrays) goes to drizzle's.
 */
export function toQuery(query: SQL): { sql: string; params: unknown[] } {
  const out = { sql: '', params: [] as unknown[] };
  return plainChunks(query, out) ? out : dialect.sqlToQuery(query);
}

function plainChunks(query: SQL, out: { sql: string; params: unknown[] }): boolean {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  const chunks = query.queryChunks as unknown[];
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (chunk instanceof StringChunk) {
      const value = chunk.value;
      out.sql += value.length === 1 ? value[0]! : value.join('');
    } else if (chunk instanceof SQL && chunk.constructor === SQL) {
      if (!plainChunks(chunk, out)) return false;
    } else if (chunk === undefined) {
      continue;
    } else if (
      chunk === null ||
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'boolean' ||
      typeof chunk === 'bigint' ||
      (chunk instanceof Date && chunk.constructor === Date)
    ) {
      out.params.push(chunk);
      out.sql += `$${out.params.length}`;
    } else {
      return false;
    }
  }
  return true;
}

/**
 * The rows of `executePrepared` on either driver (PGlite answers `{ rows }`, postgres-js an
 * array): for read statements run on every request (the read endpoints' stamp and the
 * portfolio's state, decision 0080), whose text is constant.
 */
export async function selectPrepared<T = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await executePrepared(db, query);
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
